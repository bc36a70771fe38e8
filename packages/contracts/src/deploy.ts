/**
 * Deploys AvatarNFT (the ERC-8004 Identity Registry), ReputationRegistry, ValidationRegistry, Marketplace
 * and ArtworkNFT with viem and wires their roles, on any chain (anvil, Base, Base Sepolia). The one place
 * that knows how the five contracts fit together.
 *
 * Keys (a leaked hot key cannot take over the contracts): the deployer starts as DEFAULT_ADMIN of every contract, grants the hot key
 * (minter/verifier/operator) its roles, and — when `admin` is another address (a cold key or multisig) —
 * begins the delayed admin hand-over (AccessControlDefaultAdminRules); `admin` accepts it after `adminDelay`.
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
  reputationRegistryAbi,
  reputationRegistryBytecode,
  validationRegistryAbi,
  validationRegistryBytecode,
} from './generated';
import { MINTER_ROLE, OPERATOR_ROLE, REQUESTER_ROLE, VERIFIER_ROLE } from './roles';

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
  /**
   * Ends up with DEFAULT_ADMIN_ROLE on AvatarNFT, ValidationRegistry, Marketplace and ArtworkNFT: the cold
   * key or multisig, never the hot server key. When it is not the deployer, the deployer begins the delayed
   * hand-over and `admin` must call `acceptDefaultAdminTransfer()` on each contract after `adminDelay`.
   */
  admin: Address;
  /** Seconds any later admin hand-over must wait (AccessControlDefaultAdminRules); default 0. */
  adminDelay?: number;
  /** Gets MINTER_ROLE on AvatarNFT and ArtworkNFT (the hot server key: mints, signs vouchers). */
  minter: Address;
  /**
   * Gets VERIFIER_ROLE on AvatarNFT (awards XP for its own validated responses, writes skills) and
   * REQUESTER_ROLE on ValidationRegistry: the platform validator (the hot server key).
   */
  verifier: Address;
  /** The treasury: receives the Marketplace platform fee and AvatarNFT's withdrawn voucher proceeds. */
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
  /** The ERC-8004 Identity Registry (agentId = tokenId). */
  avatarNFT: Address;
  reputationRegistry: Address;
  validationRegistry: Address;
  marketplace: Address;
  artworkNFT: Address;
  deployBlock: bigint;
  /** The admin that must still accept the hand-over, or null when the deployer is the admin. */
  pendingAdmin: Address | null;
}

/**
 * Deploys the five contracts and grants: AvatarNFT MINTER → minter and Marketplace; AvatarNFT VERIFIER →
 * verifier and Marketplace; ValidationRegistry REQUESTER → verifier; Marketplace OPERATOR → operator;
 * ArtworkNFT MINTER → minter; sets AvatarNFT's Validation Registry; begins the admin hand-over when
 * `admin` is not the deployer. Waits for every receipt.
 *
 * Transactions that do not depend on each other are sent back to back with explicit nonces, so the
 * deployer account must not send anything else meanwhile.
 * @throws Error naming the step and transaction hash when a transaction reverts or a receipt lacks a
 * contract address; viem errors for RPC failures.
 */
export async function deployContracts(options: DeployContractsOptions): Promise<DeployedContracts> {
  const { walletClient, publicClient, admin, minter, verifier, feeRecipient } = options;
  const operator = options.operator ?? minter;
  const adminDelay = options.adminDelay ?? 0;
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
      args: [deployer, adminDelay, feeRecipient, options.baseURI ?? '', BigInt(options.royaltyBps ?? 500)],
      account,
      chain,
      nonce: next(),
    }),
  );

  // 2. The four contracts that depend on it.
  const reputationTx = await walletClient.deployContract({
    abi: reputationRegistryAbi,
    bytecode: reputationRegistryBytecode,
    args: [avatar.address],
    account,
    chain,
    nonce: next(),
  });
  const validationTx = await walletClient.deployContract({
    abi: validationRegistryAbi,
    bytecode: validationRegistryBytecode,
    args: [deployer, adminDelay, avatar.address],
    account,
    chain,
    nonce: next(),
  });
  const marketTx = await walletClient.deployContract({
    abi: marketplaceAbi,
    bytecode: marketplaceBytecode,
    args: [deployer, adminDelay, avatar.address, feeRecipient, options.feeBps ?? 250],
    account,
    chain,
    nonce: next(),
  });
  const artworkTx = await walletClient.deployContract({
    abi: artworkNftAbi,
    bytecode: artworkNftBytecode,
    args: [deployer, adminDelay, avatar.address, BigInt(options.artworkRoyaltyBps ?? 500)],
    account,
    chain,
    nonce: next(),
  });
  const [reputation, validation, market, artwork] = await Promise.all([
    deployed('ReputationRegistry', reputationTx),
    deployed('ValidationRegistry', validationTx),
    deployed('Marketplace', marketTx),
    deployed('ArtworkNFT', artworkTx),
  ]);

  // 3. Roles. The contracts exist now, so gas estimation of each grant is accurate.
  const grants: { label: string; address: Address; role: `0x${string}`; to: Address }[] = [
    { label: 'AvatarNFT MINTER → minter', address: avatar.address, role: MINTER_ROLE, to: minter },
    { label: 'AvatarNFT MINTER → Marketplace', address: avatar.address, role: MINTER_ROLE, to: market.address },
    { label: 'AvatarNFT VERIFIER → verifier', address: avatar.address, role: VERIFIER_ROLE, to: verifier },
    { label: 'AvatarNFT VERIFIER → Marketplace', address: avatar.address, role: VERIFIER_ROLE, to: market.address },
    {
      label: 'ValidationRegistry REQUESTER → verifier',
      address: validation.address,
      role: REQUESTER_ROLE,
      to: verifier,
    },
    { label: 'Marketplace OPERATOR → operator', address: market.address, role: OPERATOR_ROLE, to: operator },
    { label: 'ArtworkNFT MINTER → minter', address: artwork.address, role: MINTER_ROLE, to: minter },
  ];
  const grantTxs: { label: string; hash: Hash }[] = [];
  for (const grant of grants) {
    // Every ABI with roles shares AccessControl's grantRole; AvatarNFT's ABI encodes it for any of them.
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
  grantTxs.push({
    label: 'AvatarNFT setValidationRegistry',
    hash: await walletClient.writeContract({
      address: avatar.address,
      abi: avatarNftAbi,
      functionName: 'setValidationRegistry',
      args: [validation.address],
      account,
      chain,
      nonce: next(),
    }),
  });
  await Promise.all(grantTxs.map(({ label, hash }) => waitFor(label, hash)));

  // 4. Hand-over to a cold admin: begun now, accepted by `admin` after the delay (two-step, delayed).
  const handOver = !isAddressEqual(admin, deployer);
  if (handOver) {
    const withAdmin = [avatar.address, validation.address, market.address, artwork.address];
    const beginTxs: Hash[] = [];
    for (const address of withAdmin) {
      beginTxs.push(
        await walletClient.writeContract({
          address,
          abi: avatarNftAbi,
          functionName: 'beginDefaultAdminTransfer',
          args: [admin],
          account,
          chain,
          nonce: next(),
        }),
      );
    }
    await Promise.all(beginTxs.map((hash) => waitFor('begin admin hand-over', hash)));
  }

  return {
    avatarNFT: avatar.address,
    reputationRegistry: reputation.address,
    validationRegistry: validation.address,
    marketplace: market.address,
    artworkNFT: artwork.address,
    deployBlock: avatar.blockNumber,
    pendingAdmin: handOver ? getAddress(admin) : null,
  };
}
