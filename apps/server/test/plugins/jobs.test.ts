/**
 * The durable job queue (plugins/jobs.ts), on PGlite and — with TEST_DB_DRIVER=postgres —
 * on PostgreSQL: two app instances on one database run each job once; failures are retried with
 * backoff and land in the dead-letter queue, from where they can be sent back; a singleton queue runs
 * one job at a time per key across processes; a job sent inside a rolled-back transaction never exists;
 * a job whose process died mid-run (heartbeats stopped) is run to the end by another instance.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { DEFAULT_HEARTBEAT_SECONDS } from '../../src/plugins/jobs';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

const ENV = { JOBS_POLL_SECONDS: '0.5', JOBS_SUPERVISE_SECONDS: '1' };

/** A second connection to the same database: its own pool on PostgreSQL, the same instance on PGlite. */
async function secondConnection(database: Database): Promise<Database> {
  if ('connectionString' in database.jobs) return openDatabase({ url: database.jobs.connectionString });
  return { ...database, close: async () => {} };
}

let a: TestApp;
let b: TestApp;
let dbB: Database;

beforeAll(async () => {
  a = await createTestApp(ENV);
  dbB = await secondConnection(a.database);
  b = await createTestApp(ENV, { database: dbB });
  await a.database.db.execute(sql`CREATE TABLE job_runs (job_id text NOT NULL, instance text NOT NULL, n int)`);
});

afterAll(async () => {
  await b?.app.close();
  await dbB?.close();
  await a?.close();
});

async function runs(): Promise<{ job_id: string; instance: string; n: number }[]> {
  const res = await a.database.db.execute(sql`SELECT job_id, instance, n FROM job_runs`);
  return (res as unknown as { rows: { job_id: string; instance: string; n: number }[] }).rows;
}

describe('job queue', () => {
  it('runs each job exactly once with two server instances working one queue', async () => {
    const queue = 'test-once';
    for (const [name, t] of [
      ['a', a],
      ['b', b],
    ] as const) {
      await t.app.jobs.define(queue);
      await t.app.jobs.work<{ n: number }>(
        queue,
        async (job) => {
          // a little work so both instances get a share
          await new Promise((r) => setTimeout(r, 5));
          await t.database.db.execute(
            sql`INSERT INTO job_runs (job_id, instance, n) VALUES (${job.id}, ${name}, ${job.data.n})`,
          );
        },
        { concurrency: 4 },
      );
    }
    const ids = [];
    for (let n = 0; n < 60; n++) ids.push(await (n % 2 ? a : b).app.jobs.send(queue, { n }));
    await a.app.jobs.drain([queue]);
    const rows = await runs();
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.job_id)).size).toBe(60);
    expect(new Set(rows.map((r) => r.n))).toEqual(new Set(Array.from({ length: 60 }, (_, i) => i)));
    expect(new Set(rows.map((r) => r.job_id))).toEqual(new Set(ids));
  });

  it('retries a failing job with backoff, dead-letters it after the last attempt, and sends it back on retry', async () => {
    const queue = 'test-fails';
    const attempts: number[] = [];
    let healthy = false;
    await a.app.jobs.define(queue, { retryLimit: 2, retryDelay: 1, retryBackoff: true });
    await a.app.jobs.work<{ order: string }>(queue, async (job) => {
      attempts.push(job.retryCount);
      if (!healthy) throw new Error(`payout of ${job.data.order} refused`);
    });
    await a.app.jobs.send(queue, { order: 'o-1' });
    await a.app.jobs.drain([queue]);
    expect(attempts).toEqual([0, 1, 2]);
    const failed = await a.app.jobs.failed({ queue });
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      queue,
      data: { order: 'o-1' },
      error: 'payout of o-1 refused',
      attempts: 3,
    });
    // the other instance sees the same dead letter
    expect((await b.app.jobs.failed({ queue })).map((f) => f.id)).toEqual([failed[0]!.id]);

    // the admin page's view: admins only, then RETRY through the route
    const admin = await signIn(a.app, { email: 'root@x.io' }); // first user: admin
    const member = await signIn(a.app, { email: 'member@x.io' });
    const list = await a.app.inject({
      method: 'GET',
      url: '/api/admin/jobs/failed',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: failed[0]!.id, error: 'payout of o-1 refused' })]);
    const forbidden = await a.app.inject({
      method: 'GET',
      url: '/api/admin/jobs/failed',
      headers: { cookie: member.cookie },
    });
    expect(forbidden.statusCode).toBe(403);
    const badId = await a.app.inject({
      method: 'POST',
      url: '/api/admin/jobs/failed/not-a-uuid/retry',
      headers: { cookie: admin.cookie },
    });
    expect(badId.statusCode).toBe(400);

    healthy = true;
    const retried = await a.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/failed/${failed[0]!.id}/retry`,
      headers: { cookie: admin.cookie },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ retried: true });
    await a.app.jobs.drain([queue]);
    expect(attempts).toEqual([0, 1, 2, 0]);
    expect(await a.app.jobs.failed({ queue })).toEqual([]);
    expect(await a.app.jobs.retry(failed[0]!.id)).toBe(false);
    const gone = await a.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/failed/${failed[0]!.id}/retry`,
      headers: { cookie: admin.cookie },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('runs one job at a time per key on a singleton queue, across both instances', async () => {
    const queue = 'test-singleton';
    let active = 0;
    let most = 0;
    const done: string[] = [];
    for (const t of [a, b]) {
      await t.app.jobs.define(queue, { policy: 'singleton' });
      await t.app.jobs.work<{ i: number }>(
        queue,
        async (job) => {
          active++;
          most = Math.max(most, active);
          await new Promise((r) => setTimeout(r, 20));
          done.push(String(job.data.i));
          active--;
        },
        { concurrency: 3 },
      );
    }
    for (let i = 0; i < 8; i++) await a.app.jobs.send(queue, { i }, { singletonKey: 'signer-0x01' });
    await a.app.jobs.drain([queue]);
    expect(done).toHaveLength(8);
    expect(most).toBe(1);
  });

  it('enqueues inside a transaction: a rolled-back send leaves no job, a committed one runs', async () => {
    const queue = 'test-tx';
    const seen: string[] = [];
    await a.app.jobs.define(queue);
    await a.app.jobs.work<{ tag: string }>(queue, async (job) => {
      seen.push(job.data.tag);
    });
    await expect(
      a.database.db.transaction(async (tx) => {
        await a.app.jobs.send(queue, { tag: 'rolled-back' }, { tx });
        throw new Error('business change failed');
      }),
    ).rejects.toThrow('business change failed');
    await a.database.db.transaction(async (tx) => {
      await a.app.jobs.send(queue, { tag: 'committed' }, { tx });
    });
    await a.app.jobs.drain([queue]);
    expect(seen).toEqual(['committed']);
  });

  it('does not run jobs in a process started with JOBS_WORKERS=false', async () => {
    const queue = 'test-webonly';
    const c = await createTestApp({ ...ENV, JOBS_WORKERS: 'false' });
    try {
      let ran = 0;
      await c.app.jobs.define(queue);
      await c.app.jobs.work(queue, async () => {
        ran++;
      });
      await c.app.jobs.send(queue, {});
      await new Promise((r) => setTimeout(r, 1500));
      expect(await c.app.jobs.pending([queue])).toBe(1);
      expect(ran).toBe(0);
    } finally {
      await c.close();
    }
  });

  it('gives a job whose worker died mid-run (heartbeats stopped) to another instance, which finishes it once', async () => {
    const queue = 'test-heartbeat';
    await a.app.jobs.define(queue, { heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false });
    // The supervisor has already checked this queue once (as it has every queue of a running app),
    // so the crash below is noticed by a later pass, not by the first look at a new queue.
    const monitored = async () => {
      const res = (await a.database.db.execute(
        sql`SELECT monitor_claim_on IS NOT NULL AS seen FROM pgboss.queue WHERE name = ${queue}`,
      )) as unknown as { rows: { seen: boolean }[] };
      return res.rows[0]?.seen === true;
    };
    while (!(await monitored())) await new Promise((r) => setTimeout(r, 100));
    const id = await a.app.jobs.send(queue, { n: 1 });
    // What a process killed mid-job leaves behind: the job claimed (active) and its last heartbeat
    // a minute old. Nothing finishes or fails it but the supervisor's heartbeat check.
    await a.database.db.execute(
      sql`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 minute',
          heartbeat_on = now() - interval '1 minute' WHERE id = ${id}`,
    );
    const retries: number[] = [];
    await b.app.jobs.work(queue, async (job) => {
      expect(job.id).toBe(id);
      retries.push(job.retryCount);
    });
    // Taken over within a few supervise intervals (1 s here) plus the retry delay (1 s) and a
    // worker's poll — far below pg-boss's default monitor interval (60 s), which would otherwise
    // decide how often heartbeats are checked.
    await b.app.jobs.drain([queue], 20_000);
    expect(retries).toEqual([1]);
    expect(await b.app.jobs.failed({ queue })).toHaveLength(0);
  }, 90_000);

  it('gives every queue a heartbeat unless it sets its own, so no crashed job waits for its expiry', async () => {
    await a.app.jobs.define('test-default-heartbeat');
    const id = await a.app.jobs.send('test-default-heartbeat', {});
    const res = (await a.database.db.execute(
      sql`SELECT heartbeat_seconds FROM pgboss.job WHERE id = ${id}`,
    )) as unknown as { rows: { heartbeat_seconds: number | null }[] };
    expect(res.rows[0]?.heartbeat_seconds).toBe(DEFAULT_HEARTBEAT_SECONDS);
    // every queue the app defines (tasks, purchases, demo catalogue…) has one
    const queues = (await a.database.db.execute(
      sql`SELECT name, heartbeat_seconds FROM pgboss.queue WHERE name <> 'dead-letter' AND name NOT LIKE '\_\_pgboss%'`,
    )) as unknown as { rows: { name: string; heartbeat_seconds: number | null }[] };
    expect(queues.rows.length).toBeGreaterThan(3);
    expect(queues.rows.filter((q) => !q.heartbeat_seconds)).toEqual([]);
  });
});
