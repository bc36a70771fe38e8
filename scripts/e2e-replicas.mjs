#!/usr/bin/env node
/**
 * Production acceptance: two replicas A and B of the built server on one PostgreSQL database, a
 * Redis of their own and an S3-compatible server (s3rver), and shows:
 *   - a session signed in on A works on B;
 *   - a rate limit counts requests made to A and B together (Redis store);
 *   - an upload through A is served by B (S3);
 *   - /metrics (METRICS_TOKEN) parses as Prometheus text; /api/docs/json is OpenAPI 3.1;
 *   - on one shared anvil: avatars minted through A and B at once never share a signer nonce (the
 *     chain's nonces are exactly the outbox's, without gaps); an agent task started on A runs once
 *     (one job run, one artwork); killing A mid-task (SIGKILL) lets B finish it (heartbeat expiry);
 *   - a replica killed while it completes the seeded demo catalogue (a background job): the other
 *     takes the job over within the supervise interval and finishes it (replicas/demo-catalogue.mjs);
 *   - Redis stopped: pages and public reads answer, sign-in is 503 in words, readiness names redis,
 *     and all recovers without a restart (replicas/outages.mjs);
 *   - PostgreSQL unreachable (the replicas reach it through a TCP relay this script cuts and
 *     restores): readiness names the database, pages answer, the API is 503 in words, recovery;
 *   - SIGTERM to a replica behind a proxy that polls readiness like deploy/Caddyfile, under load:
 *     zero failed requests (replicas/rolling-restart.mjs); no process is left behind.
 * Needs PostgreSQL (E2E_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres) and
 * `redis-server` on the PATH; builds what is stale first.
 *   node scripts/e2e-replicas.mjs        ports: E2E_PORT (default 6130) … +8
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { build, root } from './build.mjs';
import { check, failedCount, results } from './lib/checks.mjs';
import { alive, exited, stopAll } from './lib/processes.mjs';
import { postDevLogin, sessionCookie } from './lib/sign-in.mjs';
import { until, waitReady } from './lib/wait.mjs';
import { demoCatalogueTakeover } from './replicas/demo-catalogue.mjs';
import { anvilBinary, procs, relay, rpc, runCli, startRedis, startReplica } from './replicas/harness.mjs';
import { databaseOutage, redisOutage } from './replicas/outages.mjs';
import { rollingRestart } from './replicas/rolling-restart.mjs';

const base = Number(process.env.E2E_PORT ?? 6130);
const PG = new URL(process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const ports = {
  a: base,
  b: base + 2,
  relay: base + 4,
  s3: base + 5,
  anvil: base + 6,
  redis: base + 7,
  proxy: base + 8,
};
// Our own Redis, so the run can stop it (the shared one on 6379 is never touched).
const REDIS_URL = `redis://127.0.0.1:${ports.redis}`;
const TOKEN = `metrics-${randomBytes(12).toString('hex')}`;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'avatars-replicas-'));

async function main() {
  build({ ifStale: true });
  const dbName = `replicas_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG.href });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const r = relay(ports.relay, PG);
  await r.open();
  const dbUrl = new URL(PG.href);
  dbUrl.host = `127.0.0.1:${ports.relay}`;
  dbUrl.pathname = `/${dbName}`;

  let redis = await startRedis(ports.redis);
  const s3 = spawn(
    path.join(root, 'node_modules/.bin/s3rver'),
    ['-d', path.join(tmp, 's3'), '-p', String(ports.s3), '--configure-bucket', 'avatars', '--silent'],
    { stdio: 'ignore' },
  );
  procs.push(s3);
  // One local chain for both replicas (CHAIN=anvil with RPC_URL: the server does not start its own).
  const anvil = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(ports.anvil)], { stdio: 'ignore' });
  procs.push(anvil);
  const RPC = `http://127.0.0.1:${ports.anvil}`;
  if (!(await until(() => rpc(RPC, 'eth_chainId'), 30_000))) throw new Error('anvil did not start');
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl.href,
    REDIS_URL,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    S3_BUCKET: 'avatars',
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    CHAIN: 'anvil',
    RPC_URL: RPC,
    METRICS_TOKEN: TOKEN,
    AUTO_APPROVE_USERS: 'true',
    RATE_LIMIT_AUTH_PER_MIN: '6',
    DATA_DIR: tmp,
    // a stopped job worker is noticed within 2 s (its heartbeat expiry is the queue's)
    JOBS_SUPERVISE_SECONDS: '2',
  };
  // Release step, then two replicas.
  check('npm run db:migrate (release step) succeeds', (await runCli('db-migrate', env)) === 0);
  const A = `http://127.0.0.1:${ports.a}`;
  const B = `http://127.0.0.1:${ports.b}`;
  // Sign-in is dev-only in production: the replicas run with NODE_ENV=test semantics for sign-in.
  const envA = { ...env, NODE_ENV: 'test', PUBLIC_URL: A };
  const envB = { ...env, NODE_ENV: 'test', PUBLIC_URL: B };
  const db = new pg.Client({ connectionString: dbUrl.href.replace(`:${ports.relay}`, `:${PG.port || 5432}`) });
  await db.connect();

  // The demo catalogue (release step `db:seed`), completed by a background job: A dies mid-job.
  check('npm run db:seed (release step) succeeds', (await runCli('db-seed', env)) === 0);
  const takeover = await demoCatalogueTakeover({
    db,
    startA: () => startReplica('A', ports.a, envA),
    startB: () => startReplica('B', ports.b, envB),
    waitB: () => waitReady(B),
    superviseSeconds: Number(env.JOBS_SUPERVISE_SECONDS),
  });
  await exited(takeover.a);
  let a = startReplica('A', ports.a, envA);
  const b = takeover.b;
  await Promise.all([waitReady(A), waitReady(B)]);

  // Session: sign in on A, use on B.
  const login = await postDevLogin(A, 'Replica', 'replica@e2e.test');
  const cookie = sessionCookie(login);
  const me = await fetch(`${B}/api/auth/user`, { headers: { cookie } });
  check(
    'a session signed in on A works on B',
    login.status === 200 && me.status === 200,
    `A ${login.status}, B ${me.status}`,
  );

  // Upload through A, served by B.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = new FormData();
  form.append('profileImage', new Blob([png], { type: 'image/png' }), 'me.png');
  const up = await fetch(`${A}/api/profile/upload-image`, {
    method: 'POST',
    headers: { cookie, origin: A },
    body: form,
  });
  const upBody = await up.json().catch(() => ({}));
  const url = upBody.imageUrl;
  const served = url ? await fetch(`${B}${url}`) : null;
  check(
    'an upload through A is served by B (S3)',
    up.ok && served?.status === 200,
    `upload ${up.status} ${url ?? JSON.stringify(upBody).slice(0, 120)}, B ${served?.status}`,
  );

  // Rate limit (6/min on sign-in) counted across A and B.
  const codes = [];
  for (let i = 0; i < 8; i++) {
    const target = i % 2 ? B : A;
    const res = await postDevLogin(target, 'Rl', `rl${i}@e2e.test`);
    codes.push(res.status);
  }
  check(
    'the rate limit counts A and B together (Redis)',
    codes.includes(429) && codes.filter((c) => c !== 429).length <= 6,
    codes.join(','),
  );

  // Metrics and OpenAPI.
  const metrics = await fetch(`${A}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await metrics.text();
  const lines = text.split('\n').filter(Boolean);
  const sample = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? [-+0-9.eEInfNa]+( \d+)?$/;
  const bad = lines.filter((l) => !l.startsWith('#') && !sample.test(l));
  check(
    '/metrics parses as Prometheus text',
    metrics.status === 200 && lines.length > 20 && bad.length === 0,
    bad[0] ?? `${lines.length} lines`,
  );
  const html = await fetch(`${A}/metrics`);
  check(
    '/metrics without the token is refused, never the SPA',
    html.status === 401 && !(await html.text()).includes('<html'),
  );
  const doc = await (await fetch(`${B}/api/docs/json`)).json();
  check('/api/docs/json is an OpenAPI 3.1 document', doc.openapi === '3.1.0' && Object.keys(doc.paths).length > 40);

  // --- Chain writes and agent tasks on both replicas (one database, one anvil) ---
  const post = (origin, url, body) =>
    fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, json: await res.json().catch(() => null) }));
  const created = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      post(i % 2 ? B : A, '/api/avatars', { name: `REPLICA_${i}`, agentType: i % 3 ? 'CREATOR' : 'HACKER' }),
    ),
  );
  const ids = created.map((c) => c.json?.id).filter(Boolean);
  const minted = await until(async () => {
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM avatars WHERE id = ANY($1) AND token_id IS NOT NULL',
      [ids],
    );
    return rows[0].n === ids.length;
  }, 120_000);
  const signer = (await db.query(`SELECT DISTINCT signer FROM chain_intents WHERE nonce IS NOT NULL`)).rows.map(
    (r) => r.signer,
  );
  const dup = await db.query(
    `SELECT signer, nonce, count(*)::int AS n FROM chain_intents WHERE nonce IS NOT NULL AND status = 'confirmed'
       GROUP BY signer, nonce HAVING count(*) > 1`,
  );
  const used = await db.query(
    `SELECT count(*)::int AS n, max(nonce) AS top FROM chain_intents WHERE nonce IS NOT NULL AND status = 'confirmed'`,
  );
  const chainNonce =
    signer.length === 1 ? Number(await rpc(RPC, 'eth_getTransactionCount', [signer[0], 'latest'])) : -1;
  check(
    'avatars minted through A and B at once never share a signer nonce; the chain has exactly the outbox nonces',
    created.every((c) => c.status === 201) &&
      Boolean(minted) &&
      dup.rows.length === 0 &&
      used.rows[0].n === chainNonce &&
      Number(used.rows[0].top) === chainNonce - 1,
    `${ids.length} mints, ${used.rows[0].n} confirmed intents, chain nonce ${chainNonce}, duplicates ${dup.rows.length}`,
  );

  const taskOf = async (id) => (await db.query('SELECT * FROM on_chain_tasks WHERE id = $1', [id])).rows[0];
  const jobsOf = async (id) =>
    (
      await db.query(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'agent-tasks' AND data->>'taskRowId' = $1`,
        [String(id)],
      )
    ).rows;
  const artworksOf = async (task) =>
    (await db.query(`SELECT count(*)::int AS n FROM chain_intents WHERE key = $1`, [`artwork:${task.task_id}`])).rows[0]
      .n;
  const startTask = (origin, avatarId) =>
    post(origin, `/api/avatars/${avatarId}/tasks`, { taskType: 'mint_art_nft', prompt: 'a neon skyline at dusk' });

  const t1 = await startTask(A, ids[0]);
  const done1 = await until(async () => {
    const t = await taskOf(t1.json?.id);
    return t && t.status !== 'PENDING' ? t : null;
  }, 120_000);
  // The task row is final a moment before its job is marked completed.
  const settled = async (id) =>
    (await until(async () => {
      const rows = await jobsOf(id);
      return rows.every((j) => j.state !== 'active' && j.state !== 'retry' && j.state !== 'created') ? rows : null;
    }, 15_000)) ?? (await jobsOf(id));
  const jobs1 = done1 ? await settled(done1.id) : [];
  check(
    'an agent task started on A completes exactly once (one job run, one artwork mint)',
    t1.status === 202 &&
      done1?.status === 'CONFIRMED' &&
      jobs1.length === 1 &&
      jobs1[0].state === 'completed' &&
      jobs1[0].retry_count === 0 &&
      (await artworksOf(done1)) === 1,
    `task ${done1?.status}, jobs ${JSON.stringify(jobs1)}`,
  );

  // Kill A mid-task: B is paused while A claims the job, then A dies with the task running.
  let killedMidTask = null;
  for (let attempt = 0; attempt < 3 && !killedMidTask; attempt++) {
    b.kill('SIGSTOP');
    const t = await startTask(A, ids[1 + attempt]);
    const running = await until(
      async () => (await taskOf(t.json?.id))?.verification_data?.phase === 'running',
      30_000,
      10,
    );
    const exitA = new Promise((res) => a.on('exit', res));
    a.kill('SIGKILL');
    await exitA;
    b.kill('SIGCONT');
    const row = await taskOf(t.json?.id);
    if (running && row.status === 'PENDING') killedMidTask = row;
    a = startReplica('A', ports.a, { ...env, NODE_ENV: 'test', PUBLIC_URL: A, JOBS_WORKERS: 'false' });
    await waitReady(A);
  }
  const finished = killedMidTask
    ? await until(async () => {
        const t = await taskOf(killedMidTask.id);
        return t.status !== 'PENDING' ? t : null;
      }, 180_000)
    : null;
  const jobs2 = finished ? await settled(finished.id) : [];
  check(
    'killing A mid-task lets B finish it (the job is retried once, after its heartbeat stopped)',
    finished?.status === 'CONFIRMED' &&
      jobs2.length === 1 &&
      jobs2[0].state === 'completed' &&
      jobs2[0].retry_count === 1 &&
      (await artworksOf(finished)) === 1,
    killedMidTask
      ? `task ${finished?.status}, jobs ${JSON.stringify(jobs2)}`
      : 'A finished the task before the kill 3×',
  );
  await db.end();

  // Outages: Redis stopped, then PostgreSQL unreachable; pages answer, the API says what is missing.
  await redisOutage({
    replicas: [A, B],
    cookie,
    stopRedis: async () => {
      redis.kill('SIGKILL');
      await exited(redis);
    },
    startRedis: async () => {
      redis = await startRedis(ports.redis);
    },
  });
  await databaseOutage({ replicas: [A, B], cookie, cut: () => r.cut(), restore: () => r.open() });

  // Rolling restart: SIGTERM to A behind a proxy polling readiness, under load (default delay).
  await rollingRestart({ proxyPort: ports.proxy, replicas: [A, B], victim: a, victimOrigin: A });
  const stillB = await fetch(`${B}/api/health/ready`);
  check('B keeps serving after A stopped', stillB.status === 200);
  // Ctrl-C (SIGINT) stops at once: nobody balances over a terminal.
  const t0 = Date.now();
  b.kill('SIGINT');
  const exitB = await exited(b);
  check('SIGINT stops B without the load-balancer delay (exit 0)', exitB === 0, `${Date.now() - t0} ms`);
  check('no replica process left behind', !alive(a.pid) && !alive(b.pid));

  s3.kill('SIGTERM');
  await r.cut();
  const c = new pg.Client({ connectionString: PG.href });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await c.end();
}

try {
  await main();
} catch (err) {
  check('run', false, err.stack ?? String(err));
} finally {
  stopAll(procs);
  rmSync(tmp, { recursive: true, force: true });
}
const failed = failedCount();
console.log(`replicas e2e: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
