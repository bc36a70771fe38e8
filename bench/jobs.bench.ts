/**
 * Job queue throughput: how many jobs per second the durable queue (apps/server
 * plugins/jobs.ts, pg-boss 12) enqueues and runs, on the embedded PGlite and on PostgreSQL.
 *
 * Run from the repository root (PostgreSQL on 127.0.0.1:5432 for the second half):
 *   npx tsx bench/jobs.bench.ts [--jobs=1000] [--concurrency=8] [--only=pglite|postgres]
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (default) names the server; the bench
 *   creates a fresh database on it and drops it afterwards.
 *
 * Per database: open and migrate it as the server does, start the queue, define one queue, then
 * (1) enqueue N jobs one `send` at a time (enqueue rate), (2) start `concurrency` workers whose
 * handler writes one row per job into a table (a realistic minimum: each job touches the database)
 * and time until every job is completed (run rate), (3) check every job ran exactly once.
 * Prints jobs/s for both phases and the load average (the machine is shared: quote it with the figure).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { createJobs } from '../apps/server/src/plugins/jobs';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const JOBS = Number(args.jobs ?? 1000);
const CONCURRENCY = Number(args.concurrency ?? 8);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function run(label: string, database: Database) {
  const jobs = await createJobs({ database, workers: true, pollingIntervalSeconds: 0.5 });
  await jobs.start();
  const queue = 'bench';
  await jobs.define(queue, { retryLimit: 0 });
  await database.db.execute(sql`CREATE TABLE IF NOT EXISTS bench_job_runs (job_id text NOT NULL)`);

  let t0 = performance.now();
  for (let i = 0; i < JOBS; i++) await jobs.send(queue, { i });
  const enqueueMs = performance.now() - t0;

  await jobs.work(
    queue,
    async (job) => {
      await database.db.execute(sql`INSERT INTO bench_job_runs (job_id) VALUES (${job.id})`);
    },
    { concurrency: CONCURRENCY },
  );
  t0 = performance.now();
  await jobs.startWorkers();
  await jobs.drain([queue], 30 * 60_000);
  const runMs = performance.now() - t0;

  const res = (await database.db.execute(
    sql`SELECT count(*)::int AS n, count(DISTINCT job_id)::int AS d FROM bench_job_runs`,
  )) as unknown as { rows: { n: number; d: number }[] };
  const { n, d } = res.rows[0]!;
  await jobs.stop();
  console.log(
    `${label.padEnd(10)} enqueue ${((JOBS / enqueueMs) * 1000).toFixed(0).padStart(6)} jobs/s   run ${(
      (JOBS / runMs) *
      1000
    )
      .toFixed(0)
      .padStart(6)} jobs/s (${CONCURRENCY} workers)   ran ${n} rows for ${d} distinct jobs of ${JOBS}`,
  );
  if (n !== JOBS || d !== JOBS) throw new Error(`${label}: expected every job exactly once`);
}

console.log(
  `job queue bench: ${JOBS} jobs, node ${process.version}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (args.only !== 'postgres') {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await run('pglite', database);
  } finally {
    await database.close();
  }
}
if (args.only !== 'pglite') {
  const name = `bench_jobs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href });
  try {
    await run('postgres', database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
console.log(
  `load after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
