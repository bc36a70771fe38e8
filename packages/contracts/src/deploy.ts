/**
 * Deploys AvatarNFT, TaskRegistry, Marketplace and ArtworkNFT with viem and wires their roles, on any
 * chain (anvil, Base, Base Sepolia). The one place that knows how the four contracts fit together.
 */
import {
  type Account,
  type Address,
  type Chain,
  getAddress,
  type Hash,
  isAddressEqual,
  type Transport,
  type WalletClient,
} from 'viem';
import {
  artworkNftAbi,
  artworkNftBytecode,
  avatarNftAbi,
  avatarNftBytecode,
  marketplaceAbi,
  marketplaceBytecode,
  taskRegistryAbi,
  taskRegistryBytecode,
} from './generated';
import { DEFAULT_ADMIN_ROLE, MINTER_ROLE, OPERATOR_ROLE, VERIFIER_ROLE } from './roles';

/**
 * The two `PublicClient` methods the deployment uses. Structural on purpose: a client typed for an OP-stack
 * chain such as Base (custom block/receipt formatters) is still assignable.
 */
export interface DeployPublicClient {
  getTransactionCount(args: { address: Address; blockTag: 'pending' }): Promise<number>;
  waitForTransactionReceipt(args: { hash: Hash }): Promise<{
    status: 'success' | 'reverted';
    contractAddress?: Address | null | undefined;
    blockNumber: bigint;
  }>;
}

/** Options of {@link deployContracts}. Rates are basis points (1/100 %); addresses are checksummed or not. */
export interface DeployContractsOptions {
  /** Signs and pays for every transaction; needs an account (local or JSON-RPC). */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** Reads nonces and waits for receipts: any viem `PublicClient`, whatever its chain. */
  publicClient: DeployPublicClient;
  /** Ends up with DEFAULT_ADMIN_ROLE on all four contracts (the deployer renounces it if different). */
  admin: Address;
  /** Gets MINTER_ROLE on AvatarNFT and ArtworkNFT (the server's key: mints, signs vouchers). */
  minter: Address;
  /** Gets VERIFIER_ROLE on AvatarNFT and TaskRegistry (the server's key: records tasks, skills, XP). */
  verifier: Address;
  /** Receives the Marketplace platform fee. */
  feeRecipient: Address;
  /** Gets OPERATOR_ROLE on Marketplace; default `minter`. */
  operator?: Address;
  /** AvatarNFT metadata base URI (tokenURI = baseURI + tokenId); default ''. */
  baseURI?: string;
  /** AvatarNFT royalty to series creators, 0–1000 bps; default 500 (5 %). */
  royaltyBps?: number;
  /** ArtworkNFT royalty to the user, 0–1000 bps; default 500 (5 %). */
  artworkRoyaltyBps?: number;
  /** Marketplace platform fee, 0–1000 bps; default 250 (2.5 %). */
  feeBps?: number;
}

/** Addresses of a deployment and the block of its first contract (where an indexer starts). */
export interface DeployedContracts {
  avatarNFT: Address;
  taskRegistry: Address;
  marketplace: Address;
  artworkNFT: Address;
  deployBlock: bigint;
}

/**
 * Deploys the four contracts and grants: AvatarNFT MINTER → minter and Marketplace; AvatarNFT VERIFIER →
 * verifier, TaskRegistry and Marketplace; TaskRegistry VERIFIER → verifier; Marketplace OPERATOR →
 * operator; ArtworkNFT MINTER → minter; DEFAULT_ADMIN on all → admin. Waits for every receipt.
 *
 * Transactions that do not depend on each other are sent back to back with explicit nonces, so the
 * deployer account must not send anything else meanwhile.
 * @throws Error naming the step and transaction hash when a transaction reverts or a receipt lacks a
 * contract address; viem errors for RPC failures.
 */
export async function deployContracts(options: DeployContractsOptions): Promise<DeployedContracts> {
  const { walletClient, publicClient, admin, minter, verifier, feeRecipient } = options;
  const operator = options.operator ?? minter;
  const account = walletClient.account;
  const deployer = account.address;
  const chain = walletClient.chain ?? null;
  let nonce = await publicClient.getTransactionCount({ address: deployer, blockTag: 'pending' });
  const next = () => nonce++;

  const waitFor = async (label: string, hash: Hash) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`deploy: ${label} reverted (tx ${hash})`);
    return receipt;
  };
  const deployed = async (label: string, hash: Hash) => {
    const receipt = await waitFor(label, hash);
    if (!receipt.contractAddress) throw new Error(`deploy: ${label} has no contract address (tx ${hash})`);
    return { address: getAddress(receipt.contractAddress), blockNumber: receipt.blockNumber };
  };

  // 1. AvatarNFT first: the others take its address. The deployer is admin until the hand-over.
  const avatar = await deployed(
    'AvatarNFT',
    await walletClient.deployContract({
      abi: avatarNftAbi,
      bytecode: avatarNftBytecode,
      args: [deployer, options.baseURI ?? '', BigInt(options.royaltyBps ?? 500)],
      account,
      chain,
      nonce: next(),
    }),
  );

  // 2. The three contracts that depend on it.
  const registryTx = await walletClient.deployContract({
    abi: taskRegistryAbi,
    bytecode: taskRegistryBytecode,
    args: [deployer, avatar.address],
    account,
    chain,
    nonce: next(),
  });
  const marketTx = await walletClient.deployContract({
    abi: marketplaceAbi,
    bytecode: marketplaceBytecode,
    args: [deployer, avatar.address, feeRecipient, options.feeBps ?? 250],
    account,
    chain,
    nonce: next(),
  });
  const artworkTx = await walletClient.deployContract({
    abi: artworkNftAbi,
    bytecode: artworkNftBytecode,
    args: [deployer, avatar.address, BigInt(options.artworkRoyaltyBps ?? 500)],
    account,
    chain,
    nonce: next(),
  });
  const [registry, market, artwork] = await Promise.all([
    deployed('TaskRegistry', registryTx),
    deployed('Marketplace', marketTx),
    deployed('ArtworkNFT', artworkTx),
  ]);

  // 3. Roles. The contracts exist now, so gas estimation of each grant is accurate.
  const grants: { label: string; address: Address; role: `0x${string}`; to: Address }[] = [
    { label: 'AvatarNFT MINTER → minter', address: avatar.address, role: MINTER_ROLE, to: minter },
    { label: 'AvatarNFT MINTER → Marketplace', address: avatar.address, role: MINTER_ROLE, to: market.address },
    { label: 'AvatarNFT VERIFIER → verifier', address: avatar.address, role: VERIFIER_ROLE, to: verifier },
    { label: 'AvatarNFT VERIFIER → TaskRegistry', address: avatar.address, role: VERIFIER_ROLE, to: registry.address },
    { label: 'AvatarNFT VERIFIER → Marketplace', address: avatar.address, role: VERIFIER_ROLE, to: market.address },
    { label: 'TaskRegistry VERIFIER → verifier', address: registry.address, role: VERIFIER_ROLE, to: verifier },
    { label: 'Marketplace OPERATOR → operator', address: market.address, role: OPERATOR_ROLE, to: operator },
    { label: 'ArtworkNFT MINTER → minter', address: artwork.address, role: MINTER_ROLE, to: minter },
  ];
  const all = [avatar.address, registry.address, market.address, artwork.address];
  const handOver = !isAddressEqual(admin, deployer);
  if (handOver) {
    for (const address of all) {
      grants.push({ label: 'DEFAULT_ADMIN → admin', address, role: DEFAULT_ADMIN_ROLE, to: admin });
    }
  }
  const grantTxs: { label: string; hash: Hash }[] = [];
  for (const grant of grants) {
    // All four ABIs share AccessControl's grantRole; AvatarNFT's ABI encodes it for any of them.
    const hash = await walletClient.writeContract({
      address: grant.address,
      abi: avatarNftAbi,
      functionName: 'grantRole',
      args: [grant.role, grant.to],
      account,
      chain,
      nonce: next(),
    });
    grantTxs.push({ label: grant.label, hash });
  }
  await Promise.all(grantTxs.map(({ label, hash }) => waitFor(label, hash)));

  // 4. Hand-over: only after the new admin's grants are mined does the deployer renounce.
  if (handOver) {
    const renounceTxs: Hash[] = [];
    for (const address of all) {
      renounceTxs.push(
        await walletClient.writeContract({
          address,
          abi: avatarNftAbi,
          functionName: 'renounceRole',
          args: [DEFAULT_ADMIN_ROLE, deployer],
          account,
          chain,
          nonce: next(),
        }),
      );
    }
    await Promise.all(renounceTxs.map((hash) => waitFor('renounce deployer admin', hash)));
  }

  return {
    avatarNFT: avatar.address,
    taskRegistry: registry.address,
    marketplace: market.address,
    artworkNFT: artwork.address,
    deployBlock: avatar.blockNumber,
  };
}
