/**
 * Start-up on Base settings: the server reads the configured deployment back before it serves, and
 * refuses with every problem listed — wrong chain id, an address without code, a role the hot key
 * lacks, the admin key used as the hot key, a token base URI that is not PUBLIC_URL's, no feed. Runs on
 * an anvil that calls itself Base Sepolia (chain id 84532), deployed by `npm run deploy`'s code.
 */
import { type AnvilInstance, startAnvil } from '@app/contracts/anvil';
import { mockEthUsdAggregatorAbi, mockEthUsdAggregatorBytecode } from '@app/contracts/fixtures';
import { validationRegistryAbi } from '@app/contracts/generated';
import { newRecord, runDeployment } from '@app/contracts/resumable-deploy';
import { REQUESTER_ROLE } from '@app/contracts/roles';
import type { DeploymentAddresses } from '@app/contracts/verify-deployment';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseGwei,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config';
import { capFees, FeeCapError } from '../../src/modules/chain-outbox/outbox-fees';
import { lowBalanceWarning } from '../../src/modules/chain-outbox/outbox-writer';
import { ChainService } from '../../src/providers/chain/chain-service';
import { installMulticall3 } from '../../src/providers/chain/multicall3';
import { chainProblems, preflightChain } from '../../src/providers/chain/preflight';

const ADMIN_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6' as Hex; // anvil #9
const HOT_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as Hex; // anvil #1
const admin = privateKeyToAccount(ADMIN_KEY);
const hot = privateKeyToAccount(HOT_KEY);
const ORIGIN = 'https://app.example';

let anvil: AnvilInstance;
let addresses: DeploymentAddresses;
let feed: Address;
const config = () => ({
  CHAIN: 'base-sepolia' as const,
  RPC_URL: anvil.rpcUrl,
  ETH_USD_FEED_ADDRESS: feed,
  appOrigin: ORIGIN,
  HOT_KEY_LOW_BALANCE_ETH: '0.01',
});
const service = (kind: 'base' | 'base-sepolia', key: Hex, at: DeploymentAddresses = addresses) =>
  new ChainService({ kind, rpcUrl: anvil.rpcUrl, privateKey: key }, at);

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 84532 });
  await installMulticall3(anvil.rpcUrl);
  const chain = { ...baseSepolia };
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 }) as unknown as PublicClient;
  const walletClient = createWalletClient({ chain, transport, account: admin });
  const params = {
    chain: 'base-sepolia',
    chainId: 84532,
    deployer: admin.address,
    admin: admin.address,
    adminDelay: 0,
    hotKey: hot.address,
    operator: hot.address,
    treasury: '0x000000000000000000000000000000000000fee5' as Address,
    baseURI: `${ORIGIN}/api/nft/metadata/`,
    royaltyBps: 500,
    artworkRoyaltyBps: 500,
    feeBps: 250,
  };
  const run = await runDeployment({
    walletClient,
    publicClient,
    record: newRecord(params, null),
    params,
    save: () => {},
  });
  expect(run.problems).toEqual([]);
  addresses = run.addresses;
  const hash = await walletClient.deployContract({
    abi: mockEthUsdAggregatorAbi,
    bytecode: mockEthUsdAggregatorBytecode,
    args: [3000_00000000n],
  });
  feed = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress as Address;
});
afterAll(async () => {
  await anvil?.stop();
});

describe('start-up checks on Base settings', () => {
  it('passes a correct deployment', async () => {
    expect(await chainProblems(service('base-sepolia', HOT_KEY), config())).toEqual([]);
    await expect(preflightChain(service('base-sepolia', HOT_KEY), config(), () => {})).resolves.toBeUndefined();
  });

  it('stops at a wrong chain id', async () => {
    expect(await chainProblems(service('base', HOT_KEY), { ...config(), CHAIN: 'base' })).toEqual([
      'RPC_URL: the node serves chain id 84532, but CHAIN=base is chain id 8453',
    ]);
  });

  it('lists every problem at once: no code, a foreign contract, the feed, the base URI', async () => {
    const wrong = {
      ...addresses,
      artworkNFT: '0x00000000000000000000000000000000000A11CE' as Address,
      marketplace: feed,
    };
    const problems = await chainProblems(service('base-sepolia', HOT_KEY, wrong), {
      ...config(),
      ETH_USD_FEED_ADDRESS: '0x000000000000000000000000000000000000dEaD',
    });
    expect(problems).toEqual([
      `MARKETPLACE_ADDRESS ${feed}: the code there is not this build's Marketplace`,
      'ARTWORK_NFT_ADDRESS 0x00000000000000000000000000000000000A11CE: no contract code at this address on this chain',
      'ETH_USD_FEED_ADDRESS 0x000000000000000000000000000000000000dEaD: no contract code (the Chainlink ETH/USD feed)',
    ]);
    const uri = await chainProblems(service('base-sepolia', HOT_KEY), {
      ...config(),
      appOrigin: 'https://moved.example',
    });
    expect(uri).toEqual([
      `AVATAR_NFT_ADDRESS ${addresses.avatarNFT}: token base URI is "${ORIGIN}/api/nft/metadata/", not "https://moved.example/api/nft/metadata/" (PUBLIC_URL): run \`npm run deploy\` with --public-url to set it`,
    ]);
  });

  it('refuses the admin key as the hot key, and a hot key missing a role', async () => {
    const asAdmin = await chainProblems(service('base-sepolia', ADMIN_KEY), config());
    expect(asAdmin).toContain(
      `AVATAR_NFT_ADDRESS ${addresses.avatarNFT}: the hot key ${admin.address} holds DEFAULT_ADMIN_ROLE; the admin key must stay off the server`,
    );
    expect(asAdmin).toContain(
      `AVATAR_NFT_ADDRESS ${addresses.avatarNFT}: the hot key ${admin.address} lacks MINTER_ROLE`,
    );

    const wallet = createWalletClient({ chain: baseSepolia, transport: http(anvil.rpcUrl), account: admin });
    const client = createPublicClient({ chain: baseSepolia, transport: http(anvil.rpcUrl) });
    const hash = await wallet.writeContract({
      address: addresses.validationRegistry,
      abi: validationRegistryAbi,
      functionName: 'revokeRole',
      args: [REQUESTER_ROLE, hot.address],
    });
    await client.waitForTransactionReceipt({ hash });
    const err = await preflightChain(service('base-sepolia', HOT_KEY), config(), () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([
      `VALIDATION_REGISTRY_ADDRESS ${addresses.validationRegistry}: the hot key ${hot.address} lacks REQUESTER_ROLE`,
    ]);
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: addresses.validationRegistry,
        abi: validationRegistryAbi,
        functionName: 'grantRole',
        args: [REQUESTER_ROLE, hot.address],
      }),
    });
  });

  it('warns at start-up when the hot key is low on gas', async () => {
    const warnings: string[] = [];
    await preflightChain(service('base-sepolia', HOT_KEY), { ...config(), HOT_KEY_LOW_BALANCE_ETH: '1000000' }, (m) =>
      warnings.push(m),
    );
    expect(warnings).toEqual([
      expect.stringMatching(
        /^chain: the hot key 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 holds [\d.]+ ETH, below HOT_KEY_LOW_BALANCE_ETH=1000000/,
      ),
    ]);
  });
});

describe('fees and gas warnings', () => {
  it('caps EIP-1559 fees and waits while the base fee is above the cap', () => {
    expect(capFees(parseGwei('1'), parseGwei('0.1'), null)).toEqual({
      maxFeePerGas: parseGwei('2.1'),
      maxPriorityFeePerGas: parseGwei('0.1'),
    });
    expect(capFees(parseGwei('4'), parseGwei('1'), parseGwei('5'))).toEqual({
      maxFeePerGas: parseGwei('5'),
      maxPriorityFeePerGas: parseGwei('1'),
    });
    expect(capFees(parseGwei('0.5'), parseGwei('3'), parseGwei('2'))).toEqual({
      maxFeePerGas: parseGwei('2'),
      maxPriorityFeePerGas: parseGwei('2'),
    });
    expect(() => capFees(parseGwei('6'), 1n, parseGwei('5'))).toThrow(FeeCapError);
    expect(() => capFees(parseGwei('6'), 1n, parseGwei('5'))).toThrow(
      'base fee 6 gwei is above MAX_FEE_PER_GAS_GWEI (5); waiting',
    );
  });

  it('words the low-balance warning', () => {
    const health = {
      signer: hot.address,
      chainId: 84532,
      balanceWei: '5000000000000000',
      lowBalance: true,
      lowBalanceWei: '10000000000000000',
      rpcReachable: true,
      counts: {},
      oldestPendingMs: 0,
      lastError: null,
    };
    expect(lowBalanceWarning(health)).toBe(
      `low gas: the signing key ${hot.address} holds 0.005 ETH, below 0.01 ETH; fund it before chain writes stop`,
    );
    expect(lowBalanceWarning({ ...health, lowBalance: false })).toBeNull();
  });
});
