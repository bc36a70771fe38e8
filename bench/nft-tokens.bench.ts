/**
 * RPC requests per page of `GET /api/nft/tokens` (chain reads are batched, so the count stays flat). Starts the
 * real app on loopback with its own PGlite and embedded anvil (a throw-away data dir; Multicall3
 * installed at its canonical address at start), signs in, creates N avatars (each minted: one
 * token each), then asks for the token list `--runs` times, counting the HTTP requests the server's
 * chain client sends to the RPC during each (ChainService.rpcRequestCount, a counter on viem's
 * http transport) and timing each over HTTP.
 *   npx tsx bench/nft-tokens.bench.ts [--tokens=100] [--runs=20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { startChain } from '../apps/server/src/providers/chain/index';
import { createProviders } from '../apps/server/src/providers/index';
import { createDiskStorage } from '../apps/server/src/providers/storage/disk';
import { devLogin } from '../scripts/lib/sign-in.mjs';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const TOKENS = Number(arg('tokens', '100'));
const RUNS = Number(arg('runs', '20'));

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-nft-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  PORT: '0',
  RATE_LIMIT_DISABLED: 'true',
});
const database = await openDatabase({ dataDir: path.join(dir, 'db') });
const chain = await startChain(config, database.db);
if (!chain) throw new Error('no chain');
const storage = createDiskStorage(path.join(dir, 'uploads'));
const app = await buildApp({
  config,
  database,
  storage,
  chain,
  oidc: null,
  providers: await createProviders(config, storage),
  sessionSecret: 'bench-secret-bench-secret-bench-secret-00',
  logger: false,
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await devLogin(base, 'Bench', 'bench@x.io');
for (let i = 0; i < TOKENS; i++) {
  const res = await fetch(`${base}/api/avatars`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `BENCH_${i}` }),
  });
  if (res.status !== 201) throw new Error(`create avatar: ${res.status}`);
}

// Avatars are minted by the chain outbox in the background: wait until every token is on
// chain and listed, so the pages below count only their own RPC requests, not the mints'.
const mintDeadline = Date.now() + 300_000;
for (;;) {
  const res = await fetch(`${base}/api/nft/tokens`, { headers: { cookie } });
  const list = (await res.json()) as unknown[];
  if (list.length >= TOKENS) break;
  if (Date.now() > mintDeadline) throw new Error(`only ${list.length} of ${TOKENS} tokens minted after 300 s`);
  await new Promise((r) => setTimeout(r, 250));
}

const calls: number[] = [];
const times: number[] = [];
let listed = 0;
for (let i = 0; i < RUNS; i++) {
  const before = chain.service.rpcRequestCount;
  const t0 = performance.now();
  const res = await fetch(`${base}/api/nft/tokens`, { headers: { cookie } });
  const list = (await res.json()) as unknown[];
  times.push(performance.now() - t0);
  calls.push(chain.service.rpcRequestCount - before);
  listed = list.length;
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(
  `GET /api/nft/tokens: ${listed} tokens per page, ${RUNS} pages (load average ${os.loadavg()[0]!.toFixed(2)})`,
);
const sortedCalls = [...calls].sort((a, b) => a - b);
console.log(
  `RPC requests per page: min ${sortedCalls[0]}  median ${sortedCalls[Math.floor(sortedCalls.length / 2)]}  max ${sortedCalls.at(-1)} (the chain client's requests while the page was served; the outbox's idle tick can add one)`,
);
console.log(`latency p50 ${q(0.5).toFixed(1)} ms  p99 ${q(0.99).toFixed(1)} ms`);
await app.close();
await chain.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
