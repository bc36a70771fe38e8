/**
 * End-to-end latency of one task verification on the embedded anvil chain:
 * HTTP POST /api/blockchain/verify-task → fact check → ValidationRegistry request + response → AvatarNFT.awardExperience → receipts → DB row.
 * Creates N avatars (each minted), then verifies `avatar_create` for each one at a time over real
 * HTTP on loopback, and prints p50/p99/mean/max in ms.
 *   npx tsx bench/verify-task.bench.ts [N=100]
 */

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_WALLET_ADDRESS } from '@app/domain/blockchain';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { startChain } from '../apps/server/src/providers/chain/index';
import { createProviders } from '../apps/server/src/providers/index';
import { createDiskStorage } from '../apps/server/src/providers/storage/disk';
import { devLogin } from '../scripts/lib/sign-in.mjs';

const n = Number(process.argv[2] ?? 100);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-verify-'));
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
const post = (url: string, body: object) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const ids: number[] = [];
for (let i = 0; i < n; i++)
  ids.push(((await (await post('/api/avatars', { name: `BENCH_${i}` })).json()) as { id: number }).id);

const times: number[] = [];
for (const id of ids) {
  const t0 = performance.now();
  const res = (await (
    await post('/api/blockchain/verify-task', {
      avatarId: id,
      taskType: 'avatar_create',
      taskData: {},
      userWalletAddress: DEMO_WALLET_ADDRESS,
    })
  ).json()) as { success: boolean; error?: string };
  times.push(performance.now() - t0);
  if (!res.success) throw new Error(`verification failed: ${res.error}`);
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(
  `verify-task end to end on anvil, ${n} verifications, one at a time (load average ${os.loadavg()[0]!.toFixed(2)})`,
);
console.log(
  `p50 ${q(0.5).toFixed(1)} ms  p99 ${q(0.99).toFixed(1)} ms  mean ${(times.reduce((a, b) => a + b, 0) / n).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms`,
);
await app.close();
await chain?.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
