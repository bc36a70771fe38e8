import { type Address, createPublicClient, createWalletClient, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_DEV_PRIVATE_KEYS, type AnvilInstance, startAnvil } from './anvil';
import { avatarNftAbi } from './generated';
import {
  type DeploymentRecord,
  type DeployParameters,
  envLines,
  newRecord,
  parameterConflicts,
  runDeployment,
} from './resumable-deploy';
import { MINTER_ROLE, VERIFIER_ROLE } from './roles';
import { checkDeployment, runtimeCodeMatches } from './verify-deployment';

const admin = privateKeyToAccount(ANVIL_DEV_PRIVATE_KEYS[0]!);
const hot = privateKeyToAccount(ANVIL_DEV_PRIVATE_KEYS[1]!);
const stranger = privateKeyToAccount(ANVIL_DEV_PRIVATE_KEYS[2]!);
const treasury = '0x000000000000000000000000000000000000fee5' as Address;

let anvil: AnvilInstance;
let publicClient: PublicClient;
const chain = { ...baseSepolia, id: 84532 };

const params: DeployParameters = {
  chain: 'base-sepolia',
  chainId: 84532,
  deployer: admin.address,
  admin: admin.address,
  adminDelay: 3600,
  hotKey: hot.address,
  operator: hot.address,
  treasury,
  baseURI: 'https://app.example/api/nft/metadata/',
  royaltyBps: 500,
  artworkRoyaltyBps: 500,
  feeBps: 250,
};

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 84532 });
  publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 }) as PublicClient;
});
afterAll(async () => {
  await anvil?.stop();
});

const walletClient = () => createWalletClient({ chain, transport: http(anvil.rpcUrl), account: admin });

/** A save that "crashes" the run when `crashAt` saves have happened (a process dying mid-way). */
function crashingSave(store: { record?: DeploymentRecord }, crashAt: number) {
  let saves = 0;
  return (r: DeploymentRecord) => {
    store.record = structuredClone(r);
    saves++;
    if (saves === crashAt) throw new Error('simulated crash');
  };
}

describe('runDeployment (npm run deploy)', () => {
  let record: DeploymentRecord;

  it('resumes a run that stopped after sending a transaction, without sending it twice', async () => {
    const store: { record?: DeploymentRecord } = {};
    // Save 3 is the pending ValidationRegistry deployment: AvatarNFT and ReputationRegistry are done.
    await expect(
      runDeployment({
        walletClient: walletClient(),
        publicClient,
        record: newRecord(params, 'abc'),
        params,
        save: crashingSave(store, 5),
      }),
    ).rejects.toThrow('simulated crash');
    const halfway = store.record!;
    expect(Object.keys(halfway.pending)).toHaveLength(1);
    // The transaction sent just before the crash may not be mined yet: count it as sent ('pending').
    const nonceBefore = await publicClient.getTransactionCount({ address: admin.address, blockTag: 'pending' });
    const result = await runDeployment({
      walletClient: walletClient(),
      publicClient,
      record: halfway,
      params,
      save: (r) => {
        store.record = structuredClone(r);
      },
    });
    expect(result.problems).toEqual([]);
    // 13 transactions in all: 5 contracts + 7 grants + setValidationRegistry; 3 were sent before the crash.
    expect(result.sent).toBe(10);
    expect(await publicClient.getTransactionCount({ address: admin.address })).toBe(nonceBefore + 10);
    expect(result.record.verifiedAt).not.toBeNull();
    expect(result.record.pending).toEqual({});
    record = result.record;
  });

  it('changes nothing when run again, and reads the deployment back as verified', async () => {
    const nonce = await publicClient.getTransactionCount({ address: admin.address });
    const again = await runDeployment({ walletClient: walletClient(), publicClient, record, params, save: () => {} });
    expect(again.sent).toBe(0);
    expect(again.problems).toEqual([]);
    expect(await publicClient.getTransactionCount({ address: admin.address })).toBe(nonce);
    expect(envLines(again.record)).toContain(`AVATAR_NFT_ADDRESS=${record.contracts.avatarNFT!.address}`);
    expect(
      await publicClient.readContract({
        address: record.contracts.avatarNFT!.address,
        abi: avatarNftAbi,
        functionName: 'baseURI',
      }),
    ).toBe('https://app.example/api/nft/metadata/');
  });

  it('refuses to continue a deployment with other fixed settings', () => {
    expect(parameterConflicts(record, { ...params, treasury: stranger.address })[0]).toMatch(/^treasury:/);
    expect(parameterConflicts(record, { ...params, baseURI: 'https://new.example/api/nft/metadata/' })).toEqual([]);
  });

  it('finds a missing role, an extra role and code that is not this build', async () => {
    const addresses = Object.fromEntries(
      Object.entries(record.contracts).map(([k, v]) => [k, v!.address]),
    ) as never as Record<
      'avatarNFT' | 'reputationRegistry' | 'validationRegistry' | 'marketplace' | 'artworkNFT',
      Address
    >;
    const w = walletClient();
    const avatar = addresses.avatarNFT;
    await publicClient.waitForTransactionReceipt({
      hash: await w.writeContract({
        address: avatar,
        abi: avatarNftAbi,
        functionName: 'revokeRole',
        args: [VERIFIER_ROLE, hot.address],
      }),
    });
    await publicClient.waitForTransactionReceipt({
      hash: await w.writeContract({
        address: avatar,
        abi: avatarNftAbi,
        functionName: 'grantRole',
        args: [MINTER_ROLE, stranger.address],
      }),
    });
    const rerun = await runDeployment({ walletClient: w, publicClient, record, params, save: () => {} });
    // The missing grant is the deployment's own step: sent again. The extra minter is only reported.
    expect(rerun.sent).toBe(1);
    expect(rerun.problems).toEqual([
      `AvatarNFT: ${stranger.address} holds MINTER_ROLE, which the key table does not give it`,
    ]);

    const wrong = await checkDeployment(publicClient as never, {
      addresses: { ...addresses, marketplace: addresses.artworkNFT, artworkNFT: stranger.address },
      hotKey: hot.address,
      chainId: 84532,
    });
    expect(wrong).toContain(`Marketplace ${addresses.artworkNFT}: the code there is not this build's Marketplace`);
    expect(wrong).toContain(`ArtworkNFT ${stranger.address}: no contract code at this address on this chain`);
    expect(await checkDeployment(publicClient as never, { addresses, hotKey: hot.address, chainId: 8453 })).toEqual([
      'the RPC serves chain id 84532, not 8453',
    ]);
    expect(
      await checkDeployment(publicClient as never, {
        addresses,
        hotKey: stranger.address,
        names: { avatarNFT: 'AVATAR_NFT_ADDRESS' },
      }),
    ).toContain(`AVATAR_NFT_ADDRESS ${avatar}: the hot key ${stranger.address} lacks VERIFIER_ROLE`);
  });

  it('compares runtime code around the immutables only', () => {
    expect(runtimeCodeMatches('0xaa11bb', '0xaa00bb', [[1, 1]])).toBe(true);
    expect(runtimeCodeMatches('0xab11bb', '0xaa00bb', [[1, 1]])).toBe(false);
    expect(runtimeCodeMatches('0x', '0xaa', [])).toBe(false);
  });
});
