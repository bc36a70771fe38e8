/**
 * Brings up the chain the configuration names (DESIGN §2/§3):
 * - `anvil` (default): starts the embedded anvil with its state under DATA_DIR/chain, deploys the
 *   contracts on first start and records their addresses in `system_settings`; later starts find
 *   the same chain and reuse them.
 * - `base` / `base-sepolia`: RPC_URL, VERIFIER_PRIVATE_KEY and the five contract addresses, read back
 *   from the chain before anything else (preflight.ts): any problem stops the start-up.
 * - `none`: no chain features (returns null).
 */
import path from 'node:path';
import { deployContracts } from '@app/contracts/deploy';
import { eq } from 'drizzle-orm';
import { type Address, createPublicClient, createWalletClient, type Hex, http, parseGwei } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';
import {
  ANVIL_ACCOUNT0_KEY,
  ANVIL_ADMIN_KEY,
  ANVIL_CHAIN_ID,
  ANVIL_TREASURY_ADDRESS,
  type AnvilHandle,
  startAnvil,
} from './anvil';
import { ChainService, type ContractAddresses } from './chain-service';
import { anvilChain, installMulticall3 } from './multicall3';
import { lowBalanceWeiOf, preflightChain } from './preflight';

const DEPLOYMENT_KEY = 'chain.deployment';
/** Bumped when the contracts' ABI changes: an older local deployment is replaced by a fresh one. */
const DEPLOYMENT_VERSION = 2;

export interface ChainRuntime {
  service: ChainService;
  /** The RPC the server talks to (proxied to browsers at /api/chain/rpc). */
  rpcUrl: string;
  /** Stops the embedded anvil (state is written on SIGTERM). */
  close(): Promise<void>;
  /** Process id of the embedded anvil the server started, if any. */
  pid?: number;
}

/**
 * Deploys the five contracts on the local chain with the keys split as on Base (a leaked server key cannot take over the contracts):
 * `adminKey` (anvil account 9, standing in for the cold key / multisig) deploys and stays DEFAULT_ADMIN;
 * `hotKey` (the server's signer) gets only the minter, verifier/requester and operator roles; the
 * treasury (anvil account 8) receives platform fees.
 * @param metadataBaseUrl base URI of token metadata (ends with `/`)
 */
export async function deployAll(
  rpcUrl: string,
  hotKey: Hex,
  metadataBaseUrl: string,
  adminKey: Hex = ANVIL_ADMIN_KEY,
): Promise<ContractAddresses> {
  const admin = privateKeyToAccount(adminKey);
  const hot = privateKeyToAccount(hotKey);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain: anvilChain, transport, pollingInterval: 50 });
  const walletClient = createWalletClient({ chain: anvilChain, transport, account: admin });
  const d = await deployContracts({
    walletClient,
    publicClient,
    admin: admin.address,
    minter: hot.address,
    verifier: hot.address,
    operator: hot.address,
    feeRecipient: ANVIL_TREASURY_ADDRESS,
    baseURI: metadataBaseUrl,
  } as Parameters<typeof deployContracts>[0]);
  return {
    avatarNFT: d.avatarNFT as Address,
    reputationRegistry: d.reputationRegistry as Address,
    validationRegistry: d.validationRegistry as Address,
    marketplace: d.marketplace as Address,
    artworkNFT: d.artworkNFT as Address,
  };
}

/** Starts (anvil) or connects to (Base) the configured chain. */
export async function startChain(
  config: Config,
  db: Db,
  opts: {
    stateDir?: string;
    /** Serialises the first deployment across replicas (the DB's advisory lock); default: none. */
    withLock?: <T>(fn: () => Promise<T>) => Promise<T>;
    /** Start-up warnings (a low hot-key balance); default console.warn. */
    warn?: (message: string) => void;
  } = {},
): Promise<ChainRuntime | null> {
  if (config.CHAIN === 'none') return null;
  if (config.CHAIN !== 'anvil') {
    const service = new ChainService(
      {
        kind: config.CHAIN,
        rpcUrl: config.RPC_URL!,
        privateKey: config.VERIFIER_PRIVATE_KEY as Hex,
        ...feeSettings(config),
      },
      {
        avatarNFT: config.AVATAR_NFT_ADDRESS as Address,
        reputationRegistry: config.REPUTATION_REGISTRY_ADDRESS as Address,
        validationRegistry: config.VALIDATION_REGISTRY_ADDRESS as Address,
        marketplace: config.MARKETPLACE_ADDRESS as Address,
        artworkNFT: config.ARTWORK_NFT_ADDRESS as Address,
      },
    );
    // Reads the deployment back (chain id, code, wiring, the hot key's roles, base URI, feed) and
    // refuses to start with every problem listed.
    await preflightChain(service, config, opts.warn);
    return { service, rpcUrl: config.RPC_URL!, close: async () => {} };
  }

  const metadataBase = `${config.PUBLIC_URL ?? `http://localhost:${config.PORT}`}/api/nft/metadata/`;
  const withLock = opts.withLock ?? (<T>(fn: () => Promise<T>) => fn());
  if (config.RPC_URL) {
    // A local chain someone else runs (replicas share one anvil): never started here.
    await installMulticall3(config.RPC_URL);
    const addresses = await withLock(() => ensureDeployment(db, config.RPC_URL!, metadataBase));
    const service = new ChainService(
      { kind: 'anvil', rpcUrl: config.RPC_URL, privateKey: ANVIL_ACCOUNT0_KEY, ...feeSettings(config) },
      addresses,
    );
    return { service, rpcUrl: config.RPC_URL, close: async () => {} };
  }
  const stateDir = opts.stateDir ?? path.join(config.dataDir, 'chain');
  const node: AnvilHandle = await startAnvil({ stateDir });
  try {
    await installMulticall3(node.rpcUrl);
    const addresses = await withLock(() => ensureDeployment(db, node.rpcUrl, metadataBase));
    const service = new ChainService(
      { kind: 'anvil', rpcUrl: node.rpcUrl, privateKey: ANVIL_ACCOUNT0_KEY, ...feeSettings(config) },
      addresses,
    );
    return { service, rpcUrl: node.rpcUrl, close: () => node.stop(), pid: node.pid };
  } catch (err) {
    await node.stop();
    throw err;
  }
}

/** The fee cap and low-balance threshold of the server's key, from MAX_FEE_PER_GAS_GWEI and HOT_KEY_LOW_BALANCE_ETH. */
function feeSettings(config: Config) {
  return { maxFeePerGasWei: parseGwei(String(config.MAX_FEE_PER_GAS_GWEI)), lowBalanceWei: lowBalanceWeiOf(config) };
}

/** Reuses the recorded deployment when its code is on chain; otherwise deploys and records it. */
async function ensureDeployment(db: Db, rpcUrl: string, metadataBase: string): Promise<ContractAddresses> {
  const client = createPublicClient({ chain: anvilChain, transport: http(rpcUrl) });
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, DEPLOYMENT_KEY)).limit(1);
  const saved = row?.value as { chainId: number; version?: number; addresses: ContractAddresses } | undefined;
  if (saved?.chainId === ANVIL_CHAIN_ID && saved.version === DEPLOYMENT_VERSION) {
    const codes = await Promise.all(Object.values(saved.addresses).map((a) => client.getCode({ address: a })));
    if (codes.every((c) => c && c !== '0x')) return saved.addresses;
  }
  const addresses = await deployAll(rpcUrl, ANVIL_ACCOUNT0_KEY, metadataBase);
  const value = {
    chainId: ANVIL_CHAIN_ID,
    version: DEPLOYMENT_VERSION,
    addresses,
    deployedAt: new Date().toISOString(),
  };
  await db
    .insert(systemSettings)
    .values({ key: DEPLOYMENT_KEY, value })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: new Date() } });
  return addresses;
}
