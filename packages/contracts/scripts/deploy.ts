/**
 * `npm run deploy -w packages/contracts` — deploys the five contracts with the admin key, grants the
 * hot key and the Marketplace the roles of the key table (docs/erc-8004.md), sets the token base URI to
 * `${PUBLIC_URL}/api/nft/metadata/`, reads everything back, and writes the deployment file (chain id,
 * addresses, block, commit) and the server's env lines. Running it again against a chain that has the
 * deployment sends nothing and says so; a run that stopped half-way resumes from the file.
 *
 * Every setting is a flag or an environment variable (flags win):
 *   --rpc-url        RPC_URL             JSON-RPC endpoint of the chain
 *   --admin-key      ADMIN_PRIVATE_KEY   the admin (deployer) key, 0x + 64 hex; never put it on a server
 *                                        (DEPLOYER_PRIVATE_KEY is read too)
 *   --hot-key        HOT_KEY_ADDRESS     address of the server's VERIFIER_PRIVATE_KEY (VERIFIER_ADDRESS too)
 *   --treasury       TREASURY_ADDRESS    receives fees and withdrawn proceeds (FEE_RECIPIENT too)
 *   --public-url     PUBLIC_URL          the app's public URL (token metadata lives under it)
 *   --chain          CHAIN               anvil | base | base-sepolia; default from the RPC's chain id
 *   --admin          ADMIN_ADDRESS       hand DEFAULT_ADMIN_ROLE over to this address (a multisig); it
 *                                        accepts after --admin-delay. Default: the admin key keeps it
 *   --operator       OPERATOR_ADDRESS    Marketplace OPERATOR_ROLE (default: the hot key)
 *   --out            DEPLOYMENT_FILE     default deployments/<chain>-<chainId>.json (in this package)
 *   --admin-delay    ADMIN_DELAY         seconds, default 2 days
 *   --fee-bps / --royalty-bps / --artwork-royalty-bps   FEE_BPS (250) / ROYALTY_BPS (500) / ARTWORK_ROYALTY_BPS (500)
 * Exit status: 0 deployed and verified, 1 bad input or a failed transaction (run again to resume),
 * 2 deployed but the read-back found problems (listed).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  isAddress,
  isAddressEqual,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base, baseSepolia, foundry } from 'viem/chains';
import { z } from 'zod';
import {
  type DeploymentRecord,
  type DeployParameters,
  envLines,
  newRecord,
  parameterConflicts,
  runDeployment,
} from '../src/resumable-deploy';

const CHAINS = { anvil: foundry, base, 'base-sepolia': baseSepolia } as const;
const BY_ID: Record<number, keyof typeof CHAINS> = { 31337: 'anvil', 8453: 'base', 84532: 'base-sepolia' };

const FLAGS = {
  'rpc-url': 'RPC_URL',
  'admin-key': 'ADMIN_PRIVATE_KEY',
  'hot-key': 'HOT_KEY_ADDRESS',
  treasury: 'TREASURY_ADDRESS',
  'public-url': 'PUBLIC_URL',
  chain: 'CHAIN',
  admin: 'ADMIN_ADDRESS',
  operator: 'OPERATOR_ADDRESS',
  out: 'DEPLOYMENT_FILE',
  'admin-delay': 'ADMIN_DELAY',
  'fee-bps': 'FEE_BPS',
  'royalty-bps': 'ROYALTY_BPS',
  'artwork-royalty-bps': 'ARTWORK_ROYALTY_BPS',
} as const;
const ALIASES: Record<string, string> = {
  ADMIN_PRIVATE_KEY: 'DEPLOYER_PRIVATE_KEY',
  HOT_KEY_ADDRESS: 'VERIFIER_ADDRESS',
  TREASURY_ADDRESS: 'FEE_RECIPIENT',
};

const address = z
  .string()
  .refine((v) => isAddress(v, { strict: false }), 'not an address')
  .transform((v) => getAddress(v));
const bps = z.coerce.number().int().min(0).max(1000);
const Settings = z.object({
  RPC_URL: z.url(),
  ADMIN_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected 0x + 64 hex digits'),
  HOT_KEY_ADDRESS: address,
  TREASURY_ADDRESS: address,
  PUBLIC_URL: z.url(),
  CHAIN: z.enum(['anvil', 'base', 'base-sepolia']).optional(),
  ADMIN_ADDRESS: address.optional(),
  OPERATOR_ADDRESS: address.optional(),
  DEPLOYMENT_FILE: z.string().optional(),
  ADMIN_DELAY: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(2 * 86_400),
  FEE_BPS: bps.default(250),
  ROYALTY_BPS: bps.default(500),
  ARTWORK_ROYALTY_BPS: bps.default(500),
});

function fail(lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

const { values } = parseArgs({
  options: Object.fromEntries(Object.keys(FLAGS).map((f) => [f, { type: 'string' as const }])),
  strict: true,
});
const raw: Record<string, string | undefined> = {};
for (const [flag, name] of Object.entries(FLAGS)) {
  const fromFlag = (values as Record<string, string | undefined>)[flag];
  raw[name] = fromFlag ?? process.env[name] ?? (ALIASES[name] ? process.env[ALIASES[name]] : undefined);
  if (raw[name] === '') raw[name] = undefined;
}
const parsed = Settings.safeParse(raw);
if (!parsed.success) {
  const flagOf = Object.fromEntries(Object.entries(FLAGS).map(([f, n]) => [n, f]));
  fail([
    'deploy: fix these settings (flag or environment variable) and run again:',
    ...parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      return `  --${flagOf[name]} / ${name}: ${i.message}`;
    }),
  ]);
}
const s = parsed.data;
const adminKey = privateKeyToAccount(s.ADMIN_PRIVATE_KEY as `0x${string}`);

const rpcChainId = await createPublicClient({ transport: http(s.RPC_URL) })
  .getChainId()
  .catch((err: Error) => fail([`deploy: cannot read the chain id at ${s.RPC_URL}: ${err.message.split('\n')[0]}`]));
const chainName = s.CHAIN ?? BY_ID[rpcChainId];
if (!chainName) fail([`deploy: the RPC serves chain ${rpcChainId}; pass --chain anvil|base|base-sepolia`]);
const chain = CHAINS[chainName];
if (rpcChainId !== chain.id && !(chainName === 'anvil' && rpcChainId !== 8453 && rpcChainId !== 84532)) {
  fail([`deploy: the RPC serves chain ${rpcChainId}, but CHAIN=${chainName} is chain ${chain.id}`]);
}
const chainDef = { ...chain, id: rpcChainId };

const problems: string[] = [];
if (isAddressEqual(adminKey.address, s.HOT_KEY_ADDRESS))
  problems.push('the hot key must not be the admin key: the server holds the hot key, the admin key stays off it');
if (s.ADMIN_ADDRESS && isAddressEqual(s.ADMIN_ADDRESS, s.HOT_KEY_ADDRESS))
  problems.push('ADMIN_ADDRESS must not be the hot key');
if (problems.length) fail(problems.map((p) => `deploy: ${p}`));

const publicUrl = new URL(s.PUBLIC_URL).origin;
const params: DeployParameters = {
  chain: chainName,
  chainId: rpcChainId,
  deployer: adminKey.address,
  admin: s.ADMIN_ADDRESS ?? adminKey.address,
  adminDelay: s.ADMIN_DELAY,
  hotKey: s.HOT_KEY_ADDRESS,
  operator: s.OPERATOR_ADDRESS ?? s.HOT_KEY_ADDRESS,
  treasury: s.TREASURY_ADDRESS,
  baseURI: `${publicUrl}/api/nft/metadata/`,
  royaltyBps: s.ROYALTY_BPS,
  artworkRoyaltyBps: s.ARTWORK_ROYALTY_BPS,
  feeBps: s.FEE_BPS,
};

const file = path.resolve(s.DEPLOYMENT_FILE ?? path.join('deployments', `${chainName}-${rpcChainId}.json`));
let record: DeploymentRecord;
if (existsSync(file)) {
  record = JSON.parse(readFileSync(file, 'utf8')) as DeploymentRecord;
  if (record.chainId !== rpcChainId)
    fail([`deploy: ${file} is a deployment on chain ${record.chainId}, but the RPC serves chain ${rpcChainId}`]);
  const conflicts = parameterConflicts(record, params);
  if (conflicts.length)
    fail([
      `deploy: ${file} holds a deployment made with other settings; pass the same ones, or a new --out to deploy anew:`,
      ...conflicts.map((c) => `  ${c}`),
    ]);
  console.log(`deploy: resuming ${file}`);
} else {
  record = newRecord(params, gitCommit());
  console.log(`deploy: new deployment on ${chainName} (chain ${rpcChainId}) → ${file}`);
}

const save = (r: DeploymentRecord) => {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(r, null, 2)}\n`);
  renameSync(tmp, file);
};
const local = chainName === 'anvil' || rpcChainId === 31337;
const transport = http(s.RPC_URL, { retryCount: 3 });
const publicClient = createPublicClient({ chain: chainDef, transport, pollingInterval: local ? 100 : 1_000 });
const walletClient = createWalletClient({ chain: chainDef, transport, account: adminKey });

const balance = await publicClient.getBalance({ address: adminKey.address });
console.log(`deploy: admin key ${adminKey.address}, balance ${Number(balance) / 1e18} ETH; hot key ${params.hotKey}`);

let result: Awaited<ReturnType<typeof runDeployment>>;
try {
  // An OP-stack chain types its blocks with extra fields; the deployment reads only the common ones.
  const reader = publicClient as unknown as PublicClient;
  result = await runDeployment({
    walletClient,
    publicClient: reader,
    record,
    params,
    save,
    log: (l) => console.log(l),
  });
} catch (err) {
  fail([
    `deploy: ${err instanceof Error ? ((err as { shortMessage?: string }).shortMessage ?? err.message) : String(err)}`,
    `deploy: progress is in ${file}; run the same command again to resume.`,
  ]);
}

console.log('');
if (result.sent === 0)
  console.log(`deploy: nothing to do — the deployment in ${file} is complete on chain ${rpcChainId}.`);
else console.log(`deploy: sent ${result.sent} transaction(s); the deployment is in ${file}.`);
if (result.problems.length) {
  console.error('deploy: reading the deployment back found problems:');
  for (const p of result.problems) console.error(`  - ${p}`);
  process.exit(2);
}
console.log('deploy: verified — code is this build, roles are the key table, base URI and treasury as asked.');
if (!isAddressEqual(params.admin, params.deployer))
  console.log(
    `deploy: ${params.admin} must call acceptDefaultAdminTransfer() on AvatarNFT, ValidationRegistry, Marketplace and ArtworkNFT after ${params.adminDelay} s.`,
  );
console.log('\nServer environment (paste into its configuration):\n');
console.log(envLines(result.record, { publicUrl }).join('\n'));

/** The commit of this checkout (with `-dirty` when files changed), or null outside git. */
function gitCommit(): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return dirty ? `${head}-dirty` : head;
  } catch {
    return null;
  }
}
