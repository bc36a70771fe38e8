#!/usr/bin/env -S npx tsx
/**
 * The Base rehearsal (going live, docs/going-live.md): the path an operator takes, on a local chain
 * that calls itself Base Sepolia.
 *   1. anvil with `--chain-id 84532`; Multicall3 where every Base network has it; a Chainlink ETH/USD
 *      stand-in (test/fixtures MockEthUsdAggregator) at the address the server is configured with;
 *   2. `npm run deploy -w packages/contracts` with the admin key, twice: the second run sends nothing;
 *   3. `db:migrate`, then two built replicas with CHAIN=base-sepolia and NODE_ENV=production on
 *      PostgreSQL, a test OpenID provider, and a Stripe double (no card payment is made);
 *   4. sign in through OIDC, create and mint an avatar, verify a task, buy an edition with crypto from a
 *      SIWE wallet, rate the avatar from that wallet, sign in with an ERC-6492 smart account; the price
 *      comes from the feed, fees stay under MAX_FEE_PER_GAS_GWEI, explorer links are sepolia.basescan.org,
 *      /api/health/ready warns about a low hot-key balance;
 *   5. misconfigurations each stop the start-up with their own message.
 * Needs `npm run build` (run when stale) and PostgreSQL (E2E_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). Ports: E2E_BASE_PORT (default 6230) … +12.
 *   npx tsx scripts/rehearse-base.ts
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  numberToHex,
  parseEther,
  parseGwei,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';
import { installMulticall3 } from '../apps/server/src/providers/chain/multicall3';
import { resolveAnvilBinary } from '../packages/contracts/src/anvil';
import {
  mockEthUsdAggregatorAbi,
  mockEthUsdAggregatorBytecode,
  testSmartAccountFactoryAbi,
  testSmartAccountFactoryBytecode,
} from '../packages/contracts/src/fixtures';
import { build, root, SERVER_ENTRY } from './build.mjs';
import { check, failedCount, results } from './lib/checks.mjs';
import { type Proc, startProcess, stopAll } from './lib/processes.mjs';
import { until, waitReady } from './lib/wait.mjs';
import { flows } from './rehearsal/flows';
import { startOidcProvider, startStripeDouble } from './rehearsal/support';

const port = Number(process.env.E2E_BASE_PORT ?? 6230);
const ports = { a: port, b: port + 2, anvil: port + 6, oidc: port + 7, stripe: port + 8, bad: port + 10 };
const PG = new URL(process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'avatars-base-'));
/** Every process the rehearsal started (killed at the end if still running). */
const procs: ChildProcess[] = [];
const A = `http://127.0.0.1:${ports.a}`;
const B = `http://127.0.0.1:${ports.b}`;
const RPC = `http://127.0.0.1:${ports.anvil}`;
/** anvil's development account #9: public, stands in for the cold admin key (never on a server). */
const ADMIN_KEY: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
const HOT_KEY = generatePrivateKey();
const RELAYER_KEY = generatePrivateKey();
const TREASURY = privateKeyToAccount(generatePrivateKey()).address;
const chain = { ...baseSepolia };
const client = createPublicClient({ chain, transport: http(RPC), pollingInterval: 100 });
const admin = createWalletClient({ chain, transport: http(RPC), account: privateKeyToAccount(ADMIN_KEY) });

async function setBalance(address: Address, eth: string) {
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [address, numberToHex(parseEther(eth))] as never,
  });
}

/** `npm run deploy -w packages/contracts` as an operator runs it; returns its output and exit status. */
function deploy(file: string) {
  const r = spawnSync('npm', ['run', 'deploy', '-w', 'packages/contracts'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      RPC_URL: RPC,
      ADMIN_PRIVATE_KEY: ADMIN_KEY,
      HOT_KEY_ADDRESS: privateKeyToAccount(HOT_KEY).address,
      TREASURY_ADDRESS: TREASURY,
      PUBLIC_URL: A,
      DEPLOYMENT_FILE: file,
      ADMIN_DELAY: '0',
    },
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

/** Waits until a replica is ready; the error carries the tail of its stderr. */
const ready = (origin: string, p: Proc) =>
  waitReady(origin, { child: p.child, every: 500, hint: () => p.stderr().slice(-2000) });

async function main() {
  build({ ifStale: true });

  // 1. The chain: Base Sepolia's id, Base's predeploys, a feed stand-in.
  startProcess(
    resolveAnvilBinary(),
    ['--host', '127.0.0.1', '--port', String(ports.anvil), '--chain-id', '84532', '--silent'],
    {
      cwd: root,
      env: process.env,
      name: 'anvil',
      list: procs,
    },
  );
  if (!(await until(() => client.getChainId(), 30_000))) throw new Error('anvil did not start');
  await installMulticall3(RPC);
  for (const key of [HOT_KEY, RELAYER_KEY]) await setBalance(privateKeyToAccount(key).address, '5');
  const feedTx = await admin.deployContract({
    abi: mockEthUsdAggregatorAbi,
    bytecode: mockEthUsdAggregatorBytecode,
    args: [3125_50000000n],
  });
  const feed = (await client.waitForTransactionReceipt({ hash: feedTx })).contractAddress as Address;
  const factoryTx = await admin.deployContract({
    abi: testSmartAccountFactoryAbi,
    bytecode: testSmartAccountFactoryBytecode,
  });
  const factory = (await client.waitForTransactionReceipt({ hash: factoryTx })).contractAddress as Address;

  // 2. Deploy, then deploy again.
  const file = path.join(tmp, 'deployment.json');
  const first = deploy(file);
  check(
    'npm run deploy deploys, grants the key table and verifies',
    first.status === 0 && first.out.includes('deploy: verified'),
    first.status === 0 ? '' : first.out.slice(-1500),
  );
  const nonce = await client.getTransactionCount({ address: admin.account.address });
  const second = deploy(file);
  check(
    'a second npm run deploy changes nothing and says so',
    second.status === 0 &&
      second.out.includes('nothing to do') &&
      (await client.getTransactionCount({ address: admin.account.address })) === nonce,
    second.status === 0 ? '' : second.out.slice(-800),
  );
  const envLines = Object.fromEntries(
    first.out
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  check(
    'deploy prints the server env lines',
    ['CHAIN', 'AVATAR_NFT_ADDRESS', 'ARTWORK_NFT_ADDRESS'].every((k) => envLines[k]),
    JSON.stringify(envLines),
  );

  // 3. Identity provider, Stripe double, database, replicas.
  const oidc = await startOidcProvider(ports.oidc, [`${A}/api/callback`]);
  const stripe = await startStripeDouble(ports.stripe);
  const dbName = `base_rehearsal_${randomBytes(4).toString('hex')}`;
  const pgAdmin = new pg.Client({ connectionString: PG.href });
  await pgAdmin.connect();
  await pgAdmin.query(`CREATE DATABASE ${dbName}`);
  await pgAdmin.end();
  const dbUrl = new URL(PG.href);
  dbUrl.pathname = `/${dbName}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...envLines,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    CHAIN: 'base-sepolia',
    RPC_URL: RPC,
    PUBLIC_URL: A,
    DATABASE_URL: dbUrl.href,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    VERIFIER_PRIVATE_KEY: HOT_KEY,
    FEEDBACK_RELAYER_PRIVATE_KEY: RELAYER_KEY,
    ETH_USD_FEED_ADDRESS: feed,
    MAX_FEE_PER_GAS_GWEI: '5',
    OIDC_ISSUER_URL: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    ADMIN_EMAILS: 'operator@rehearsal.test',
    AUTO_APPROVE_USERS: 'true',
    STRIPE_SECRET_KEY: 'sk_test_rehearsal',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_rehearsal',
    STRIPE_WEBHOOK_SECRET: 'whsec_rehearsal',
    STRIPE_API_BASE: stripe.url,
    DATA_DIR: tmp,
  };
  delete env.ADMIN_PRIVATE_KEY;
  delete env.DEPLOYER_PRIVATE_KEY;
  const migrate = spawnSync(process.execPath, [path.join(path.dirname(SERVER_ENTRY), 'db-migrate.js')], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  check('npm run db:migrate (release step) succeeds', migrate.status === 0, migrate.stderr.slice(-500));
  const replicaEnv = (p: number, extra: NodeJS.ProcessEnv = {}) => ({
    ...env,
    PORT: String(p),
    SITES_PORT: String(p + 1),
    ...extra,
  });
  const a = startProcess(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: replicaEnv(ports.a),
    name: 'A',
    list: procs,
  });
  // B warns about its hot key at a higher threshold: the same key, a stricter operator.
  const b = startProcess(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: replicaEnv(ports.b, { HOT_KEY_LOW_BALANCE_ETH: '1000' }),
    name: 'B',
    list: procs,
  });
  await Promise.all([ready(A, a), ready(B, b)]);
  check('two production replicas start on Base Sepolia settings', true);

  // 4. What users do.
  await flows({
    A,
    B,
    client,
    admin,
    oidc,
    factory,
    feed,
    hotKey: privateKeyToAccount(HOT_KEY).address,
    maxFeePerGas: parseGwei('5'),
  });
  check('no card call reached the Stripe double', stripe.calls.length === 0, stripe.calls.join(', '));

  // 5. Misconfigurations: each start-up stops with its own message.
  const refused = async (name: string, extra: NodeJS.ProcessEnv, message: string | RegExp) => {
    const badEnv: NodeJS.ProcessEnv = { ...replicaEnv(ports.bad), ...extra };
    for (const [k, v] of Object.entries(badEnv)) if (v === '') delete badEnv[k];
    const p = startProcess(process.execPath, [SERVER_ENTRY], { cwd: root, env: badEnv, name, list: procs });
    const code = await Promise.race([p.exited, new Promise((r) => setTimeout(() => r('timeout'), 90_000))]);
    if (code === 'timeout') p.child.kill('SIGKILL');
    const text = p.stderr();
    const found = typeof message === 'string' ? text.includes(message) : message.test(text);
    check(`start-up refused: ${name}`, code === 1 && found, found ? '' : `exit ${String(code)}: ${text.slice(-600)}`);
  };
  const stranger = privateKeyToAccount(generatePrivateKey()).address;
  await refused(
    'wrong chain id at the RPC',
    { CHAIN: 'base' },
    'RPC_URL: the node serves chain id 84532, but CHAIN=base is chain id 8453',
  );
  await refused(
    'an address without code',
    { ARTWORK_NFT_ADDRESS: stranger },
    `ARTWORK_NFT_ADDRESS ${stranger}: no contract code at this address on this chain`,
  );
  await refused(
    'the hot key lacking a role',
    { VERIFIER_PRIVATE_KEY: RELAYER_KEY, FEEDBACK_RELAYER_PRIVATE_KEY: '' },
    new RegExp(
      `AVATAR_NFT_ADDRESS 0x[0-9a-fA-F]{40}: the hot key ${privateKeyToAccount(RELAYER_KEY).address} lacks MINTER_ROLE`,
    ),
  );
  await refused(
    'the admin key configured on a server',
    { ADMIN_PRIVATE_KEY: ADMIN_KEY },
    'ADMIN_PRIVATE_KEY is the admin key: it must never be on a server',
  );
  await refused(
    'no Chainlink feed at ETH_USD_FEED_ADDRESS',
    { ETH_USD_FEED_ADDRESS: stranger },
    `ETH_USD_FEED_ADDRESS ${stranger}: no contract code`,
  );

  // Shut down: SIGTERM drains the replicas.
  for (const p of [a, b]) p.child.kill('SIGTERM');
  const codes = await Promise.all([a.exited, b.exited]);
  check(
    'SIGTERM stops both replicas cleanly',
    codes.every((c) => c === 0),
    codes.join(','),
  );
  await oidc.close();
  await stripe.close();
  const drop = new pg.Client({ connectionString: PG.href });
  await drop.connect();
  await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await drop.end();
}

const started = Date.now();
main()
  .catch((err) =>
    check('the rehearsal ran to the end', false, err instanceof Error ? (err.stack ?? err.message) : String(err)),
  )
  .finally(() => {
    stopAll(procs);
    rmSync(tmp, { recursive: true, force: true });
    const failed = failedCount();
    console.log(`\nrehearse-base: ${Math.round((Date.now() - started) / 1000)} s`);
    console.log(`${results.length - failed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
