/**
 * Reads a deployment back from the chain and lists everything wrong with it: code that is missing or is
 * not this build's, contracts wired to the wrong neighbours, and roles that differ from the key table
 * (docs/erc-8004.md "Keys and roles"): the hot server key holds MINTER (AvatarNFT, ArtworkNFT),
 * VERIFIER (AvatarNFT), REQUESTER (ValidationRegistry) and OPERATOR (Marketplace), the Marketplace holds
 * MINTER and VERIFIER on AvatarNFT, and DEFAULT_ADMIN belongs to the admin (cold key or multisig) only.
 * Used by `npm run deploy` after deploying and by the server before it starts on Base.
 */
import { type Address, getAddress, type Hex, isAddressEqual, parseAbiItem, zeroAddress } from 'viem';
import {
  artworkNftAbi,
  artworkNftDeployedBytecode,
  artworkNftImmutableRanges,
  avatarNftAbi,
  avatarNftDeployedBytecode,
  avatarNftImmutableRanges,
  marketplaceAbi,
  marketplaceDeployedBytecode,
  marketplaceImmutableRanges,
  reputationRegistryAbi,
  reputationRegistryDeployedBytecode,
  reputationRegistryImmutableRanges,
  validationRegistryAbi,
  validationRegistryDeployedBytecode,
  validationRegistryImmutableRanges,
} from './generated';
import { DEFAULT_ADMIN_ROLE, MINTER_ROLE, OPERATOR_ROLE, REQUESTER_ROLE, VERIFIER_ROLE } from './roles';

/** The five contracts of a deployment, by their deployment-file keys. */
export const CONTRACT_KEYS = [
  'avatarNFT',
  'reputationRegistry',
  'validationRegistry',
  'marketplace',
  'artworkNFT',
] as const;
export type ContractKey = (typeof CONTRACT_KEYS)[number];
export type DeploymentAddresses = Record<ContractKey, Address>;

/** Contract name, runtime bytecode and immutable ranges of each key. */
export const CONTRACT_BUILDS: Record<
  ContractKey,
  { name: string; runtime: Hex; immutables: readonly (readonly [number, number])[] }
> = {
  avatarNFT: { name: 'AvatarNFT', runtime: avatarNftDeployedBytecode, immutables: avatarNftImmutableRanges },
  reputationRegistry: {
    name: 'ReputationRegistry',
    runtime: reputationRegistryDeployedBytecode,
    immutables: reputationRegistryImmutableRanges,
  },
  validationRegistry: {
    name: 'ValidationRegistry',
    runtime: validationRegistryDeployedBytecode,
    immutables: validationRegistryImmutableRanges,
  },
  marketplace: { name: 'Marketplace', runtime: marketplaceDeployedBytecode, immutables: marketplaceImmutableRanges },
  artworkNFT: { name: 'ArtworkNFT', runtime: artworkNftDeployedBytecode, immutables: artworkNftImmutableRanges },
};

/** The environment variable that names each contract's address on the server. */
export const ADDRESS_ENV: Record<ContractKey, string> = {
  avatarNFT: 'AVATAR_NFT_ADDRESS',
  reputationRegistry: 'REPUTATION_REGISTRY_ADDRESS',
  validationRegistry: 'VALIDATION_REGISTRY_ADDRESS',
  marketplace: 'MARKETPLACE_ADDRESS',
  artworkNFT: 'ARTWORK_NFT_ADDRESS',
};

/** The role names of the key table, by role id. */
export const ROLE_NAMES: Record<Hex, string> = {
  [DEFAULT_ADMIN_ROLE]: 'DEFAULT_ADMIN_ROLE',
  [MINTER_ROLE]: 'MINTER_ROLE',
  [VERIFIER_ROLE]: 'VERIFIER_ROLE',
  [REQUESTER_ROLE]: 'REQUESTER_ROLE',
  [OPERATOR_ROLE]: 'OPERATOR_ROLE',
};

/** One role grant of the key table. */
export interface RoleGrant {
  contract: ContractKey;
  role: Hex;
  holder: Address;
  /** Who the holder is, in words ("hot key", "Marketplace"). */
  who: string;
}

/**
 * The roles the hot key and the Marketplace must hold (the key table). The admin's DEFAULT_ADMIN_ROLE is
 * not listed: it is checked through `defaultAdmin()` (AccessControlDefaultAdminRules).
 * @param operator the Marketplace operator; default the hot key
 */
export function expectedGrants(
  addresses: DeploymentAddresses,
  hotKey: Address,
  operator: Address = hotKey,
): RoleGrant[] {
  return [
    { contract: 'avatarNFT', role: MINTER_ROLE, holder: hotKey, who: 'hot key' },
    { contract: 'avatarNFT', role: MINTER_ROLE, holder: addresses.marketplace, who: 'Marketplace' },
    { contract: 'avatarNFT', role: VERIFIER_ROLE, holder: hotKey, who: 'hot key' },
    { contract: 'avatarNFT', role: VERIFIER_ROLE, holder: addresses.marketplace, who: 'Marketplace' },
    { contract: 'validationRegistry', role: REQUESTER_ROLE, holder: hotKey, who: 'hot key' },
    {
      contract: 'marketplace',
      role: OPERATOR_ROLE,
      holder: operator,
      who: isAddressEqual(operator, hotKey) ? 'hot key' : 'operator',
    },
    { contract: 'artworkNFT', role: MINTER_ROLE, holder: hotKey, who: 'hot key' },
  ];
}

/** Contracts with AccessControlDefaultAdminRules (ReputationRegistry has no admin and no roles). */
export const ADMINISTERED: readonly ContractKey[] = ['avatarNFT', 'validationRegistry', 'marketplace', 'artworkNFT'];

/**
 * True when `onChain` is `expected` runtime code with anything in the immutable ranges (constructor
 * values such as the EIP-712 domain or the Identity Registry's address).
 */
export function runtimeCodeMatches(
  onChain: Hex | undefined,
  expected: Hex,
  immutables: readonly (readonly [number, number])[],
): boolean {
  if (!onChain || onChain === '0x') return false;
  const a = onChain.slice(2).toLowerCase();
  const b = expected.slice(2).toLowerCase();
  if (a.length !== b.length) return false;
  let from = 0;
  for (const [start, length] of immutables) {
    if (a.slice(from * 2, start * 2) !== b.slice(from * 2, start * 2)) return false;
    from = start + length;
  }
  return a.slice(from * 2) === b.slice(from * 2);
}

/** The reads the checks need: any viem PublicClient (structural, so an OP-stack client fits). */
export interface DeploymentReader {
  getChainId(): Promise<number>;
  getCode(args: { address: Address }): Promise<Hex | undefined>;
  readContract(args: {
    address: Address;
    abi: readonly unknown[];
    functionName: string;
    args?: readonly unknown[];
  }): Promise<unknown>;
  getLogs(args: {
    address: Address;
    event: unknown;
    fromBlock: bigint;
    toBlock?: bigint | 'latest';
  }): Promise<{ args: unknown }[]>;
}

/** What {@link checkDeployment} compares the chain with. */
export interface DeploymentExpectations {
  addresses: DeploymentAddresses;
  /** The server's hot key (VERIFIER_PRIVATE_KEY's address). */
  hotKey: Address;
  /** The Marketplace operator; default the hot key. */
  operator?: Address;
  /** Expected chain id at the RPC (checked first: nothing else is read on the wrong chain). */
  chainId?: number;
  /** The admin that must hold DEFAULT_ADMIN_ROLE (or be its pending receiver); unchecked when absent. */
  admin?: Address;
  /** Expected treasury (AvatarNFT.treasury, Marketplace.feeRecipient); unchecked when absent. */
  treasury?: Address;
  /** Expected AvatarNFT base URI; unchecked when absent. */
  baseURI?: string;
  /** How each contract is named in messages (default: its contract name, e.g. for the server its env var). */
  names?: Partial<Record<ContractKey, string>>;
}

/**
 * Reads the deployment back and returns every problem found, in words (empty when all is well).
 * Never throws for a wrong deployment; an RPC failure is reported as a problem too.
 */
export async function checkDeployment(client: DeploymentReader, expect: DeploymentExpectations): Promise<string[]> {
  const problems: string[] = [];
  const label = (key: ContractKey) => {
    const name = expect.names?.[key];
    return `${name ?? CONTRACT_BUILDS[key].name} ${expect.addresses[key]}`;
  };
  const read = async <T>(key: ContractKey, functionName: string, args: readonly unknown[] = []): Promise<T | null> => {
    const abi = {
      avatarNFT: avatarNftAbi,
      reputationRegistry: reputationRegistryAbi,
      validationRegistry: validationRegistryAbi,
      marketplace: marketplaceAbi,
      artworkNFT: artworkNftAbi,
    }[key];
    try {
      return (await client.readContract({ address: expect.addresses[key], abi, functionName, args })) as T;
    } catch (err) {
      problems.push(`${label(key)}: ${functionName}() could not be read (${firstLine(err)})`);
      return null;
    }
  };
  try {
    if (expect.chainId !== undefined) {
      const chainId = await client.getChainId();
      if (chainId !== expect.chainId) {
        return [`the RPC serves chain id ${chainId}, not ${expect.chainId}`];
      }
    }
    const present = new Set<ContractKey>();
    for (const key of CONTRACT_KEYS) {
      const code = await client.getCode({ address: expect.addresses[key] });
      const build = CONTRACT_BUILDS[key];
      if (!code || code === '0x') problems.push(`${label(key)}: no contract code at this address on this chain`);
      else if (!runtimeCodeMatches(code, build.runtime, build.immutables))
        problems.push(`${label(key)}: the code there is not this build's ${build.name}`);
      else present.add(key);
    }
    if (present.size < CONTRACT_KEYS.length) return problems;

    const a = expect.addresses;
    const same = (x: unknown, y: Address) => typeof x === 'string' && isAddressEqual(x as Address, y);
    const wiring: [ContractKey, string, Address, string][] = [
      ['reputationRegistry', 'getIdentityRegistry', a.avatarNFT, 'AvatarNFT'],
      ['validationRegistry', 'getIdentityRegistry', a.avatarNFT, 'AvatarNFT'],
      ['marketplace', 'avatarNFT', a.avatarNFT, 'AvatarNFT'],
      ['artworkNFT', 'avatarNFT', a.avatarNFT, 'AvatarNFT'],
      ['avatarNFT', 'validationRegistry', a.validationRegistry, 'ValidationRegistry'],
    ];
    for (const [key, fn, want, wantName] of wiring) {
      const got = await read<Address>(key, fn);
      if (got !== null && !same(got, want))
        problems.push(`${label(key)}: ${fn}() is ${got}, not the ${wantName} ${want}`);
    }

    for (const grant of expectedGrants(a, expect.hotKey, expect.operator)) {
      const has = await read<boolean>(grant.contract, 'hasRole', [grant.role, grant.holder]);
      if (has === false)
        problems.push(`${label(grant.contract)}: the ${grant.who} ${grant.holder} lacks ${ROLE_NAMES[grant.role]}`);
    }
    for (const key of ADMINISTERED) {
      const hotIsAdmin = await read<boolean>(key, 'hasRole', [DEFAULT_ADMIN_ROLE, expect.hotKey]);
      if (hotIsAdmin)
        problems.push(
          `${label(key)}: the hot key ${expect.hotKey} holds DEFAULT_ADMIN_ROLE; the admin key must stay off the server`,
        );
      if (expect.admin) {
        const admin = await read<Address>(key, 'defaultAdmin');
        const pending = await read<readonly [Address, number]>(key, 'pendingDefaultAdmin');
        const isAdmin = admin !== null && same(admin, expect.admin);
        const isPending = pending !== null && same(pending[0], expect.admin);
        if (admin !== null && pending !== null && !isAdmin && !isPending)
          problems.push(`${label(key)}: DEFAULT_ADMIN_ROLE belongs to ${admin}, not the admin ${expect.admin}`);
      }
    }
    if (expect.treasury) {
      const treasury = await read<Address>('avatarNFT', 'treasury');
      if (treasury !== null && !same(treasury, expect.treasury))
        problems.push(`${label('avatarNFT')}: treasury() is ${treasury}, not ${expect.treasury}`);
      const fees = await read<Address>('marketplace', 'feeRecipient');
      if (fees !== null && !same(fees, expect.treasury))
        problems.push(`${label('marketplace')}: feeRecipient() is ${fees}, not ${expect.treasury}`);
    }
    if (expect.baseURI !== undefined) {
      const uri = await read<string>('avatarNFT', 'baseURI');
      if (uri !== null && uri !== expect.baseURI)
        problems.push(`${label('avatarNFT')}: baseURI() is "${uri}", not "${expect.baseURI}"`);
    }
  } catch (err) {
    problems.push(`the RPC could not be read: ${firstLine(err)}`);
  }
  return problems;
}

const ROLE_GRANTED = parseAbiItem(
  'event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)',
);
const ROLE_REVOKED = parseAbiItem(
  'event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)',
);

/**
 * Every role holder of a contract now, from its RoleGranted/RoleRevoked events since `fromBlock`
 * (AccessControl keeps no list). Keys are `role:holder` (lower case).
 */
export async function roleHolders(client: DeploymentReader, address: Address, fromBlock: bigint): Promise<Set<string>> {
  const [granted, revoked] = await Promise.all([
    client.getLogs({ address, event: ROLE_GRANTED, fromBlock, toBlock: 'latest' }),
    client.getLogs({ address, event: ROLE_REVOKED, fromBlock, toBlock: 'latest' }),
  ]);
  const holders = new Set<string>();
  // Same block order is not guaranteed across the two lists; a revoke after a grant of the same pair is
  // what a deployment never does, so presence in `revoked` after any grant removes it.
  for (const log of granted) {
    const { role, account } = log.args as { role: Hex; account: Address };
    holders.add(`${role}:${account.toLowerCase()}`);
  }
  for (const log of revoked) {
    const { role, account } = log.args as { role: Hex; account: Address };
    holders.delete(`${role}:${account.toLowerCase()}`);
  }
  return holders;
}

/**
 * Roles held beyond the key table (found through events since `fromBlock`): e.g. the deployer kept a
 * role, or someone granted an extra minter. DEFAULT_ADMIN_ROLE is allowed to `admins` only.
 */
export async function unexpectedRoles(
  client: DeploymentReader,
  expect: {
    addresses: DeploymentAddresses;
    hotKey: Address;
    operator?: Address;
    /** Who may hold DEFAULT_ADMIN_ROLE: the admin (and the deployer while a hand-over is pending). */
    admins: readonly Address[];
    fromBlock: bigint;
  },
): Promise<string[]> {
  const allowed = new Set(
    expectedGrants(expect.addresses, expect.hotKey, expect.operator).map(
      (g) => `${g.contract}:${g.role}:${g.holder.toLowerCase()}`,
    ),
  );
  for (const key of ADMINISTERED)
    for (const admin of expect.admins) allowed.add(`${key}:${DEFAULT_ADMIN_ROLE}:${admin.toLowerCase()}`);
  const extra: string[] = [];
  for (const key of ADMINISTERED) {
    for (const pair of await roleHolders(client, expect.addresses[key], expect.fromBlock)) {
      if (allowed.has(`${key}:${pair}`)) continue;
      const [role, holder] = pair.split(':') as [Hex, string];
      if (holder === zeroAddress) continue;
      extra.push(
        `${CONTRACT_BUILDS[key].name}: ${getAddress(holder)} holds ${ROLE_NAMES[role] ?? role}, which the key table does not give it`,
      );
    }
  }
  return extra;
}

function firstLine(err: unknown): string {
  const text = err instanceof Error ? ((err as { shortMessage?: string }).shortMessage ?? err.message) : String(err);
  return text.split('\n')[0]!.slice(0, 200);
}
