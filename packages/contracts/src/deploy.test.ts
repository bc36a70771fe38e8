import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  keccak256,
  type PublicClient,
  parseEther,
  parseEventLogs,
  type Transport,
  toBytes,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTypeCode, agentTypeName } from './agent-type';
import { ANVIL_DEV_PRIVATE_KEYS, type AnvilInstance, startAnvil } from './anvil';
import { type DeployedContracts, deployContracts } from './deploy';
import { avatarNftAbi, marketplaceAbi, validationRegistryAbi } from './generated';
import { DEFAULT_ADMIN_ROLE, MINTER_ROLE, OPERATOR_ROLE, REQUESTER_ROLE, VERIFIER_ROLE } from './roles';
import { signMintVoucher } from './voucher';

const [deployerKey, serverKey, userKey] = ANVIL_DEV_PRIVATE_KEYS as [`0x${string}`, `0x${string}`, `0x${string}`];
const deployerAccount = privateKeyToAccount(deployerKey);
const server = privateKeyToAccount(serverKey);
const user = privateKeyToAccount(userKey);
const admin = '0x000000000000000000000000000000000000a11c' as const;
const feeRecipient = '0x000000000000000000000000000000000000fee5' as const;

let anvil: AnvilInstance;
let publicClient: PublicClient;
let wallet: (account: Account) => WalletClient<Transport, Chain, Account>;
let contracts: DeployedContracts;

beforeAll(async () => {
  anvil = await startAnvil();
  const transport = http(anvil.rpcUrl);
  publicClient = createPublicClient({ chain: foundry, transport });
  wallet = (account) => createWalletClient({ account, chain: foundry, transport });
  contracts = await deployContracts({
    walletClient: wallet(deployerAccount),
    publicClient,
    admin,
    minter: server.address,
    verifier: server.address,
    feeRecipient,
    baseURI: 'http://localhost/api/nft/avatars/',
    adminDelay: 3600,
  });
});

afterAll(async () => {
  await anvil?.stop();
});

describe('deployContracts on anvil', () => {
  it('uses anvil development keys that anvil really funds', async () => {
    const accounts = await createWalletClient({ chain: foundry, transport: http(anvil.rpcUrl) }).getAddresses();
    expect(accounts.slice(0, 3).map((a) => a.toLowerCase())).toEqual(
      [deployerAccount, server, user].map((a) => a.address.toLowerCase()),
    );
  });

  it('deploys five contracts and wires their roles', async () => {
    expect(contracts.deployBlock).toBeGreaterThan(0n);
    const all = [
      contracts.avatarNFT,
      contracts.reputationRegistry,
      contracts.validationRegistry,
      contracts.marketplace,
      contracts.artworkNFT,
    ];
    for (const address of all) {
      expect(await publicClient.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}/);
    }
    const hasRole = (address: `0x${string}`, role: `0x${string}`, account: `0x${string}`) =>
      publicClient.readContract({ address, abi: avatarNftAbi, functionName: 'hasRole', args: [role, account] });
    expect(await hasRole(contracts.avatarNFT, MINTER_ROLE, server.address)).toBe(true);
    expect(await hasRole(contracts.avatarNFT, MINTER_ROLE, contracts.marketplace)).toBe(true);
    expect(await hasRole(contracts.avatarNFT, VERIFIER_ROLE, contracts.marketplace)).toBe(true);
    expect(await hasRole(contracts.validationRegistry, REQUESTER_ROLE, server.address)).toBe(true);
    expect(await hasRole(contracts.marketplace, OPERATOR_ROLE, server.address)).toBe(true);
    expect(await hasRole(contracts.artworkNFT, MINTER_ROLE, server.address)).toBe(true);
    // The hot key holds no admin power; the hand-over to the cold admin is pending until it accepts.
    expect(await hasRole(contracts.avatarNFT, DEFAULT_ADMIN_ROLE, server.address)).toBe(false);
    expect(contracts.pendingAdmin?.toLowerCase()).toBe(admin);
    const pending = await publicClient.readContract({
      address: contracts.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'pendingDefaultAdmin',
    });
    expect(pending[0].toLowerCase()).toBe(admin);
    expect(
      await publicClient.readContract({ address: contracts.avatarNFT, abi: avatarNftAbi, functionName: 'treasury' }),
    ).toBe(getAddress(feeRecipient));
    expect(
      await publicClient.readContract({ address: contracts.marketplace, abi: marketplaceAbi, functionName: 'feeBps' }),
    ).toBe(250);
  });

  it('mints an avatar, validates a task and reads the XP back', async () => {
    const serverWallet = wallet(server);
    const mintHash = await serverWallet.writeContract({
      address: contracts.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'mint',
      args: [user.address, 21n, agentTypeCode('HACKER'), 3, '', keccak256(toBytes('avatar-mint:21'))],
    });
    const mintReceipt = await publicClient.waitForTransactionReceipt({ hash: mintHash });
    expect(mintReceipt.status).toBe('success');
    const [minted] = parseEventLogs({ abi: avatarNftAbi, eventName: 'AvatarMinted', logs: mintReceipt.logs });
    const tokenId = minted?.args.tokenId;
    expect(tokenId).toBe(1n);
    expect(minted?.args.edition).toBe(1);

    const requestHash = keccak256(toBytes('{"task":1}'));
    const send = async (hash: `0x${string}`) =>
      expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    const validation = { address: contracts.validationRegistry, abi: validationRegistryAbi } as const;
    await send(
      await serverWallet.writeContract({
        ...validation,
        functionName: 'validationRequest',
        args: [server.address, 1n, 'http://localhost/r', requestHash],
      }),
    );
    await send(
      await serverWallet.writeContract({
        ...validation,
        functionName: 'validationResponse',
        args: [requestHash, 100, 'http://localhost/e', keccak256(toBytes('ok')), 'skill_learn'],
      }),
    );
    await send(
      await serverWallet.writeContract({
        address: contracts.avatarNFT,
        abi: avatarNftAbi,
        functionName: 'awardExperience',
        args: [requestHash, 2600n],
      }),
    );

    const nft = { address: contracts.avatarNFT, abi: avatarNftAbi } as const;
    expect(await publicClient.readContract({ ...nft, functionName: 'experienceOf', args: [1n] })).toBe(2600n);
    expect(await publicClient.readContract({ ...nft, functionName: 'levelOf', args: [1n] })).toBe(2n);
    const avatar = await publicClient.readContract({
      address: contracts.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'avatarOf',
      args: [1n],
    });
    expect(agentTypeName(avatar.agentType)).toBe('HACKER');
    expect(
      await publicClient.readContract({
        address: contracts.avatarNFT,
        abi: avatarNftAbi,
        functionName: 'tokenURI',
        args: [1n],
      }),
    ).toBe('http://localhost/api/nft/avatars/1');

    // The same request again is refused, and its XP is never awarded twice.
    await expect(
      publicClient.simulateContract({
        account: server,
        ...validation,
        functionName: 'validationRequest',
        args: [server.address, 1n, 'http://localhost/r', requestHash],
      }),
    ).rejects.toThrow(/ValidationRequestExists/);
    await expect(
      publicClient.simulateContract({
        account: server,
        address: contracts.avatarNFT,
        abi: avatarNftAbi,
        functionName: 'awardExperience',
        args: [requestHash, 2600n],
      }),
    ).rejects.toThrow(/AvatarExperienceAlreadyAwarded/);
  });

  it('mints through an EIP-712 voucher signed by the server and paid by the user', async () => {
    const chainId = await publicClient.getChainId();
    const block = await publicClient.getBlock();
    const voucher = {
      to: user.address,
      avatarId: 20n,
      agentType: agentTypeCode('CREATOR'),
      maxEditions: 5,
      price: parseEther('0.25'),
      nonce: 1n,
      deadline: block.timestamp + 3600n,
      uri: '',
    };
    const signature = await signMintVoucher({
      walletClient: wallet(server),
      chainId,
      avatarNFT: contracts.avatarNFT,
      voucher,
    });
    const hash = await wallet(user).writeContract({
      address: contracts.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'mintWithVoucher',
      args: [voucher, signature],
      value: voucher.price,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    const [redeemed] = parseEventLogs({ abi: avatarNftAbi, eventName: 'VoucherRedeemed', logs: receipt.logs });
    expect(redeemed?.args.signer).toBe(server.address);
    const tokenId = redeemed?.args.tokenId ?? 0n;
    expect(
      await publicClient.readContract({
        address: contracts.avatarNFT,
        abi: avatarNftAbi,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
    ).toBe(user.address);
    expect(await publicClient.getBalance({ address: contracts.avatarNFT })).toBe(voucher.price);
  });
});
