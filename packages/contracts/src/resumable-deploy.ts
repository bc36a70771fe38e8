/**
 * A deployment that can be run again (`npm run deploy`): every step — deploying each contract, each
 * role grant of the key table, the wiring and the base URI, the admin hand-over — first looks at the
 * chain and at the deployment record, and sends a transaction only when the chain lacks it. The record
 * (a JSON file) is written after every transaction is sent and again when it is mined, so a run that
 * stops half-way resumes where it stopped, and a run against a finished deployment sends nothing.
 * When everything is on chain, the deployment is read back (checkDeployment + unexpectedRoles).
 */
import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  getAddress,
  type Hash,
  type Hex,
  isAddressEqual,
  type PublicClient,
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
import {
  ADDRESS_ENV,
  ADMINISTERED,
  CONTRACT_BUILDS,
  CONTRACT_KEYS,
  type ContractKey,
  checkDeployment,
  type DeploymentAddresses,
  expectedGrants,
  ROLE_NAMES,
  unexpectedRoles,
} from './verify-deployment';

/** The parameters a deployment is made with; fixed once its first contract exists. */
export interface DeployParameters {
  chain: string;
  chainId: number;
  /** The admin key's address: deploys, pays, and holds DEFAULT_ADMIN_ROLE (until a hand-over to `admin`). */
  deployer: Address;
  /** Final DEFAULT_ADMIN_ROLE holder (a multisig, say); = deployer when no hand-over. */
  admin: Address;
  /** Admin hand-over delay, seconds (AccessControlDefaultAdminRules). */
  adminDelay: number;
  /** The server's hot key (VERIFIER_PRIVATE_KEY's address). */
  hotKey: Address;
  /** Marketplace OPERATOR_ROLE holder (the hot key unless told otherwise). */
  operator: Address;
  /** Receives Marketplace fees and withdrawn voucher proceeds. */
  treasury: Address;
  /** AvatarNFT base URI: `${PUBLIC_URL}/api/nft/metadata/`. */
  baseURI: string;
  royaltyBps: number;
  artworkRoyaltyBps: number;
  feeBps: number;
}

/** The deployment file. */
export interface DeploymentRecord extends DeployParameters {
  version: 1;
  /** git commit of the build that deployed (with `-dirty` for uncommitted changes), or null. */
  commit: string | null;
  contracts: Partial<Record<ContractKey, { address: Address; txHash: Hash; blockNumber: number }>>;
  /** Block of the first contract (where an indexer or a role audit starts). */
  deployBlock: number | null;
  /** Transactions sent but not yet seen mined, by step id. */
  pending: Record<string, Hash>;
  /** Finished configuration steps: the transaction that did it, or null when the chain already had it. */
  steps: Record<string, Hash | null>;
  /** When the last run found everything on chain and read it back without a problem. */
  verifiedAt: string | null;
}

/** Parameters that cannot change once a contract exists (constructor arguments and the hot key's roles). */
const FIXED: (keyof DeployParameters)[] = [
  'chainId',
  'deployer',
  'treasury',
  'hotKey',
  'operator',
  'royaltyBps',
  'artworkRoyaltyBps',
  'feeBps',
  'adminDelay',
];

/** A new record for `params`. */
export function newRecord(params: DeployParameters, commit: string | null): DeploymentRecord {
  return { version: 1, ...params, commit, contracts: {}, deployBlock: null, pending: {}, steps: {}, verifiedAt: null };
}

/**
 * Differences between a saved record's fixed parameters and this run's, in words (empty = same).
 * A different base URI or admin is not a conflict: the run sets them.
 */
export function parameterConflicts(saved: DeploymentRecord, params: DeployParameters): string[] {
  if (!Object.keys(saved.contracts).length) return [];
  return FIXED.filter((k) => String(saved[k]).toLowerCase() !== String(params[k]).toLowerCase()).map(
    (k) => `${k}: the deployment has ${String(saved[k])}, this run asks for ${String(params[k])}`,
  );
}

export interface RunOptions {
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  publicClient: PublicClient;
  record: DeploymentRecord;
  params: DeployParameters;
  /** Persists the record (called after every send and every receipt). */
  save(record: DeploymentRecord): Promise<void> | void;
  log?(line: string): void;
}

export interface RunResult {
  record: DeploymentRecord;
  /** Transactions this run sent (0: the chain already had everything). */
  sent: number;
  addresses: DeploymentAddresses;
  /** What reading the deployment back found wrong (empty when verified). */
  problems: string[];
}

const ABIS: Record<ContractKey, Abi> = {
  avatarNFT: avatarNftAbi,
  reputationRegistry: reputationRegistryAbi,
  validationRegistry: validationRegistryAbi,
  marketplace: marketplaceAbi,
  artworkNFT: artworkNftAbi,
};

/**
 * Brings the chain to the deployment `params` describe, sending only what is missing, then reads it back.
 * @throws Error when a transaction reverts, a recorded contract has no code any more (another chain or
 *   a reset one: start a new deployment file), or the RPC fails (run again to resume)
 */
export async function runDeployment(opts: RunOptions): Promise<RunResult> {
  const { walletClient, publicClient, params } = opts;
  const record: DeploymentRecord = { ...opts.record, baseURI: params.baseURI, admin: params.admin };
  const log = opts.log ?? (() => {});
  const account = walletClient.account;
  const chain = walletClient.chain ?? null;
  let sent = 0;
  const save = async () => opts.save(record);

  /** Waits for a step's transaction (sent now or by an earlier run). Null when the chain dropped it. */
  const settle = async (step: string, hash: Hash) => {
    try {
      const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 180_000 });
      if (receipt.status !== 'success') throw new Error(`deploy: ${step} reverted (tx ${hash})`);
      return receipt;
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('deploy:')) throw err;
      const known = await publicClient.getTransaction({ hash }).then(
        () => true,
        () => false,
      );
      if (known) throw err;
      log(`  ${step}: transaction ${hash} is not on chain any more; sending it again`);
      delete record.pending[step];
      await save();
      return null;
    }
  };
  /** Sends one step's transaction (recorded as pending before waiting) and waits for it. */
  const send = async (step: string, sendTx: () => Promise<Hash>) => {
    for (;;) {
      let hash = record.pending[step];
      if (!hash) {
        hash = await sendTx();
        sent++;
        record.pending[step] = hash;
        await save();
        log(`  ${step}: sent ${hash}`);
      } else log(`  ${step}: waiting for ${hash} from an earlier run`);
      const receipt = await settle(step, hash);
      if (!receipt) continue;
      delete record.pending[step];
      return receipt;
    }
  };

  // 1. Contracts, AvatarNFT first (the others take its address).
  const constructorArgs = (key: ContractKey, avatar: Address): readonly unknown[] => {
    const d = params.deployer;
    switch (key) {
      case 'avatarNFT':
        return [d, params.adminDelay, params.treasury, params.baseURI, BigInt(params.royaltyBps)];
      case 'reputationRegistry':
        return [avatar];
      case 'validationRegistry':
        return [d, params.adminDelay, avatar];
      case 'marketplace':
        return [d, params.adminDelay, avatar, params.treasury, params.feeBps];
      case 'artworkNFT':
        return [d, params.adminDelay, avatar, BigInt(params.artworkRoyaltyBps)];
    }
  };
  const BYTECODE: Record<ContractKey, Hex> = {
    avatarNFT: avatarNftBytecode,
    reputationRegistry: reputationRegistryBytecode,
    validationRegistry: validationRegistryBytecode,
    marketplace: marketplaceBytecode,
    artworkNFT: artworkNftBytecode,
  };
  for (const key of CONTRACT_KEYS) {
    const name = CONTRACT_BUILDS[key].name;
    const known = record.contracts[key];
    if (known) {
      const code = await publicClient.getCode({ address: known.address });
      if (!code || code === '0x')
        throw new Error(
          `deploy: the deployment file records ${name} at ${known.address}, but that address has no code on this chain (a reset or another chain?). Start a new deployment file.`,
        );
      log(`  ${name}: already at ${known.address}`);
      continue;
    }
    // AvatarNFT's own constructor does not take it; the four after it do.
    const avatar = record.contracts.avatarNFT?.address as Address;
    const receipt = await send(`deploy ${name}`, () =>
      walletClient.deployContract({
        abi: ABIS[key],
        bytecode: BYTECODE[key],
        args: constructorArgs(key, avatar),
        account,
        chain,
      }),
    );
    if (!receipt.contractAddress)
      throw new Error(`deploy: ${name} has no contract address (tx ${receipt.transactionHash})`);
    record.contracts[key] = {
      address: getAddress(receipt.contractAddress),
      txHash: receipt.transactionHash,
      blockNumber: Number(receipt.blockNumber),
    };
    record.deployBlock ??= Number(receipt.blockNumber);
    await save();
    log(`  ${name}: deployed at ${record.contracts[key]!.address}`);
  }
  const addresses = Object.fromEntries(
    CONTRACT_KEYS.map((k) => [k, record.contracts[k]!.address]),
  ) as DeploymentAddresses;

  // 2. Configuration, each step only when the chain does not have it yet.
  const read = <T>(key: ContractKey, functionName: string, args: readonly unknown[] = []) =>
    publicClient.readContract({ address: addresses[key], abi: ABIS[key], functionName, args } as never) as Promise<T>;
  const configure = async (step: string, isDone: () => Promise<boolean>, tx: () => Promise<Hash>) => {
    if (!record.pending[step] && (await isDone())) {
      if (!(step in record.steps)) record.steps[step] = null;
      return;
    }
    const receipt = await send(step, tx);
    record.steps[step] = receipt.transactionHash;
    await save();
  };
  const write = (key: ContractKey, functionName: string, args: readonly unknown[]) => () =>
    walletClient.writeContract({
      address: addresses[key],
      abi: ABIS[key],
      functionName,
      args,
      account,
      chain,
    } as never);

  for (const g of expectedGrants(addresses, params.hotKey, params.operator)) {
    await configure(
      `grant ${CONTRACT_BUILDS[g.contract].name} ${ROLE_NAMES[g.role]} to ${g.who}`,
      () => read<boolean>(g.contract, 'hasRole', [g.role, g.holder]),
      write(g.contract, 'grantRole', [g.role, g.holder]),
    );
  }
  await configure(
    'AvatarNFT setValidationRegistry',
    async () => isAddressEqual(await read<Address>('avatarNFT', 'validationRegistry'), addresses.validationRegistry),
    write('avatarNFT', 'setValidationRegistry', [addresses.validationRegistry]),
  );
  await configure(
    'AvatarNFT setBaseURI',
    async () => (await read<string>('avatarNFT', 'baseURI')) === params.baseURI,
    write('avatarNFT', 'setBaseURI', [params.baseURI]),
  );
  if (!isAddressEqual(params.admin, params.deployer)) {
    for (const key of ADMINISTERED) {
      await configure(
        `${CONTRACT_BUILDS[key].name} beginDefaultAdminTransfer to ${params.admin}`,
        async () => {
          if (isAddressEqual(await read<Address>(key, 'defaultAdmin'), params.admin)) return true;
          const [pending] = await read<readonly [Address, number]>(key, 'pendingDefaultAdmin');
          return isAddressEqual(pending, params.admin);
        },
        write(key, 'beginDefaultAdminTransfer', [params.admin]),
      );
    }
  }

  // 3. Read it all back.
  const problems = await checkDeployment(publicClient as never, {
    addresses,
    hotKey: params.hotKey,
    operator: params.operator,
    chainId: params.chainId,
    admin: params.admin,
    treasury: params.treasury,
    baseURI: params.baseURI,
  });
  problems.push(
    ...(await unexpectedRoles(publicClient as never, {
      addresses,
      hotKey: params.hotKey,
      operator: params.operator,
      admins: [params.admin, params.deployer],
      fromBlock: BigInt(record.deployBlock ?? 0),
    })),
  );
  record.verifiedAt = problems.length ? null : new Date().toISOString();
  await save();
  return { record, sent, addresses, problems };
}

/** The server's environment lines for a deployment (to paste into its configuration). */
export function envLines(record: DeploymentRecord, opts: { rpcUrl?: string; publicUrl?: string } = {}): string[] {
  return [
    `CHAIN=${record.chain}`,
    ...(opts.rpcUrl ? [`RPC_URL=${opts.rpcUrl}`] : []),
    ...(opts.publicUrl ? [`PUBLIC_URL=${opts.publicUrl}`] : []),
    ...CONTRACT_KEYS.map((k) => `${ADDRESS_ENV[k]}=${record.contracts[k]?.address ?? ''}`),
    `# VERIFIER_PRIVATE_KEY=<the hot key of ${record.hotKey}; never the admin key>`,
  ];
}
