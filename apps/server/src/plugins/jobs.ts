/**
 * The durable job queue (DESIGN §6): pg-boss on the app's own database — the same PGlite
 * instance in the embedded default (`fromPglite`, `backend: 'pglite'`), or PostgreSQL through
 * pg-boss's own small pool. Every piece of background work is a job: it survives restarts, runs once
 * even with several server processes on one database (rows claimed with SKIP LOCKED), is retried
 * with backoff, and after its last attempt lands in the dead-letter queue, which the admin page lists
 * and can send back.
 *
 * Use (any module, after `jobs` is registered):
 * ```ts
 * await app.jobs.define('payouts', { retryLimit: 5, retryBackoff: true });   // once, at registration
 * app.jobs.work<{ orderId: string }>('payouts', async (job) => pay(job.data.orderId));
 * await app.jobs.send('payouts', { orderId }, { singletonKey: orderId });
 * await db.transaction(async (tx) => { ...; await app.jobs.send('payouts', data, { tx }); }); // with the business change
 * ```
 * Handlers must be idempotent per job: every running job heartbeats (every half of its queue's
 * `heartbeatSeconds`, default {@link DEFAULT_HEARTBEAT_SECONDS}), so a job whose process died
 * mid-run is failed by the supervisor (every `superviseIntervalSeconds`, on any process) once its
 * heartbeat is that old, and retried by another process — about heartbeatSeconds + the supervise
 * interval + the retry delay after the crash, never the `expireInSeconds` a hung job gets.
 */

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fromDrizzle, fromPglite, type Job, type JobWithMetadata, PgBoss, type QueuePolicy } from 'pg-boss';
import type { Database, Db } from '../db/client';

/** Where every queue's jobs go after their last failed attempt. Nobody works it: it is a record. */
export const DEAD_LETTER_QUEUE = 'dead-letter';
/**
 * Seconds without a heartbeat after which a running job counts as crashed (pg-boss's minimum, 10),
 * for every queue that does not set its own.
 */
export const DEFAULT_HEARTBEAT_SECONDS = 10;
/** Dead letters are kept a year (pg-boss deletes queued jobs after their retention). */
const DEAD_LETTER_RETENTION_SECONDS = 365 * 24 * 3600;

/**
 * Queue policies (pg-boss):
 * - `standard`: jobs run in parallel (up to each worker's concurrency).
 * - `singleton`: one active job at a time per `singletonKey` (per queue without a key), any number
 *   queued — a one-at-a-time writer per key across all processes (e.g. one chain writer per signer).
 * - `exclusive`: at most one job queued or active per `singletonKey`; a second send returns null.
 * - `key_strict_fifo`: strict FIFO per `singletonKey` (required on every job), one at a time per key.
 */
export type JobPolicy = Extract<QueuePolicy, 'standard' | 'singleton' | 'exclusive' | 'stately' | 'key_strict_fifo'>;

export interface QueueSettings {
  policy?: JobPolicy;
  /** Retries after the first attempt before the job is dead-lettered (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 5); with `retryBackoff`, the base of an exponential delay. */
  retryDelay?: number;
  /** Exponential backoff with jitter: about retryDelay × 2^retryCount seconds (default true). */
  retryBackoff?: boolean;
  /** Upper bound of a backoff delay, seconds (default 600). */
  retryDelayMax?: number;
  /** Seconds a job may stay active before it counts as failed and is retried (default 900). */
  expireInSeconds?: number;
  /**
   * Seconds (≥ 10) without a heartbeat after which an active job counts as failed and is retried
   * (pg-boss heartbeats every half of it while the handler runs): a process killed mid-job hands
   * the job to another within about this plus the supervise interval, instead of `expireInSeconds`.
   * Default {@link DEFAULT_HEARTBEAT_SECONDS}; applies to jobs sent after the queue is defined.
   */
  heartbeatSeconds?: number;
}

export interface SendOptions {
  /** Deduplication / serialisation key (see the queue's policy); on `standard` queues just a label. */
  singletonKey?: string;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** Run no earlier than this time (Date) or this many seconds from now. */
  startAfter?: Date | number;
  /** Enqueue inside this Drizzle transaction: the job exists only if the transaction commits. */
  tx?: Db;
  /** Job id (uuid); a second send with the same id is ignored (returns null). */
  id?: string;
  /** Group of the job (e.g. the user), for a worker's `groupConcurrency`. */
  group?: { id: string };
}

export interface WorkOptions {
  /** Jobs of this queue this process runs at once (default 1). */
  concurrency?: number;
  /** At most this many jobs of one `group` active at once, across all processes (database-tracked). */
  groupConcurrency?: number;
}

/** One job as a handler sees it. */
export interface JobContext<T> {
  id: string;
  queue: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<unknown>;

/** A job that failed its last attempt (admin view). */
export interface FailedJob {
  /** Id of the dead letter (what `retry` takes). */
  id: string;
  /** The queue the job failed on. */
  queue: string;
  data: unknown;
  /** The last attempt's error message. */
  error: string;
  /** Attempts made (1 + retries). */
  attempts: number;
  /** When the original job was created. */
  createdAt: string;
  /** When it was dead-lettered. */
  failedAt: string;
}

export interface Jobs {
  readonly backend: Database['kind'];
  /** Creates (or updates) a queue with a dead-letter queue. Call before send/work. */
  define(queue: string, settings?: QueueSettings): Promise<void>;
  /** Enqueues a job. @returns its id, or null when a policy/id deduplicated it. */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Registers the handler of a queue. Workers start when the app is ready (at once if it already is)
   * and only when this process runs workers (`JOBS_WORKERS`). A handler that throws fails the attempt.
   */
  work<T>(queue: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Dead-lettered jobs, newest first. */
  failed(options?: { queue?: string; limit?: number }): Promise<FailedJob[]>;
  /** Sends a dead letter back to its queue (fresh retries). @returns false when no such dead letter. */
  retry(deadLetterId: string): Promise<boolean>;
  /** Jobs of these queues (all when omitted) not yet finished: created, retrying or active. */
  pending(queues?: string[]): Promise<number>;
  /**
   * Resolves when `pending(queues)` is 0 (tests, scripts).
   * @throws Error after `timeoutMs` (default 60 s) so a stuck queue cannot hang a caller.
   */
  drain(queues?: string[], timeoutMs?: number): Promise<void>;
  /** The pg-boss instance, for what this API does not cover. */
  readonly boss: PgBoss;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (plugins/jobs.ts). */
    jobs: Jobs;
  }
}

/** The queue plus its lifecycle (the plugin drives it; bench/ and scripts may too). */
export interface JobsRuntime extends Jobs {
  /** Installs/migrates pg-boss's schema (`pgboss`) and starts its maintenance. */
  start(): Promise<void>;
  /** Starts the workers registered so far, and any registered later (no-op when `workers` is false). */
  startWorkers(): Promise<void>;
  /** Stops fetching; running handlers get 10 s, the rest go back to retry for another process. */
  stop(): Promise<void>;
}

export interface JobsPluginOptions {
  database: Database;
  /** false: this process only enqueues (a web-only replica); another runs the workers. */
  workers: boolean;
  /** Idle poll of a worker, seconds (≥ 0.5). Workers are also woken by LISTEN/NOTIFY. */
  pollingIntervalSeconds: number;
  /**
   * How often stale jobs (missed heartbeat, expired) are failed for a retry, seconds (default 60):
   * pg-boss's supervise and monitor intervals both.
   */
  superviseIntervalSeconds?: number;
}

const DEFAULTS: Required<Omit<QueueSettings, 'policy'>> = {
  heartbeatSeconds: DEFAULT_HEARTBEAT_SECONDS,
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 600,
  expireInSeconds: 900,
};

function errorMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output)
    return String((output as { message: unknown }).message);
  return output == null ? 'unknown error' : JSON.stringify(output).slice(0, 500);
}

/** Builds the queue on a database (also used by bench/ and scripts outside Fastify). */
export async function createJobs(opts: JobsPluginOptions & { log?: FastifyInstance['log'] }): Promise<JobsRuntime> {
  const { database } = opts;
  // pg-boss checks heartbeats and expiries in its monitor pass, which it runs at most every
  // `monitorIntervalSeconds` (default 60) however often the supervisor wakes: both take the
  // supervise interval, so a crashed job is failed and retried within it, not a minute later.
  const supervision = {
    superviseIntervalSeconds: opts.superviseIntervalSeconds,
    monitorIntervalSeconds: opts.superviseIntervalSeconds,
  };
  const boss =
    'pglite' in database.jobs
      ? new PgBoss({
          db: fromPglite(database.jobs.pglite),
          backend: 'pglite',
          useListenNotify: true,
          ...supervision,
        })
      : new PgBoss({
          connectionString: database.jobs.connectionString,
          max: 4,
          application_name: 'avatars-jobs',
          useListenNotify: true,
          ...supervision,
        });
  boss.on('error', (err) => opts.log?.error({ err }, 'job queue error'));
  const handlers = new Map<string, { handler: JobHandler<unknown>; options: WorkOptions }>();
  let started = false;
  let workersRunning = false;

  // One pg-boss worker per unit of concurrency, each fetching one job at a time. pg-boss waits a
  // polling interval after every fetch; a worker that just finished a job is woken at once
  // (notifyWorker) so a backlog drains without waiting, while an idle one sleeps until NOTIFY or
  // the next poll (which also picks up retries whose backoff has passed).
  const startWorker = async (queue: string, handler: JobHandler<unknown>, options: WorkOptions) => {
    for (let i = 0; i < Math.max(1, options.concurrency ?? 1); i++) {
      let workerId: string | undefined;
      workerId = await boss.work(
        queue,
        {
          batchSize: 1,
          pollingIntervalSeconds: opts.pollingIntervalSeconds,
          notifyPollingIntervalSeconds: opts.pollingIntervalSeconds,
          ...(options.groupConcurrency ? { groupConcurrency: options.groupConcurrency } : {}),
        },
        async (batch: Job<unknown>[]) => {
          try {
            for (const job of batch) {
              await handler({
                id: job.id,
                queue,
                data: job.data,
                retryCount: job.retryCount,
              });
            }
          } finally {
            if (workerId) boss.notifyWorker(workerId);
          }
        },
      );
    }
  };

  const pending = async (queues?: string[]) => {
    const { rows } = await boss
      .getDb()
      .executeSql(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created','retry','active') AND name <> $1 AND ($2::text[] IS NULL OR name = ANY($2::text[]))`,
        [DEAD_LETTER_QUEUE, queues ?? null],
      );
    return Number(rows[0]?.n ?? 0);
  };

  const jobs: JobsRuntime = {
    backend: database.kind,
    boss,
    async start() {
      await boss.start();
      if (!(await boss.getQueue(DEAD_LETTER_QUEUE)))
        await boss.createQueue(DEAD_LETTER_QUEUE, { retentionSeconds: DEAD_LETTER_RETENTION_SECONDS });
      started = true;
    },
    async startWorkers() {
      if (!opts.workers || workersRunning) return;
      workersRunning = true;
      for (const [queue, h] of handlers) await startWorker(queue, h.handler, h.options);
    },
    async stop() {
      if (!started) return;
      started = false;
      workersRunning = false;
      await boss.stop({ graceful: true, timeout: 10_000, close: !('pglite' in database.jobs) });
    },
    async define(queue, settings = {}) {
      const s = { ...DEFAULTS, ...settings };
      const options = {
        policy: settings.policy ?? 'standard',
        retryLimit: s.retryLimit,
        retryDelay: s.retryDelay,
        retryBackoff: s.retryBackoff,
        // pg-boss refuses a maximum delay without backoff
        ...(s.retryBackoff ? { retryDelayMax: s.retryDelayMax } : {}),
        expireInSeconds: s.expireInSeconds,
        heartbeatSeconds: s.heartbeatSeconds,
        deadLetter: DEAD_LETTER_QUEUE,
        notify: true,
      };
      const existing = await boss.getQueue(queue);
      if (!existing) {
        try {
          await boss.createQueue(queue, options);
        } catch (err) {
          // another process created it at the same moment
          if (!(await boss.getQueue(queue))) throw err;
        }
      } else {
        const { policy: _p, deadLetter: _d, retryDelayMax: _m, ...updatable } = options;
        await boss.updateQueue(queue, updatable);
      }
    },
    async send(queue, data, options = {}) {
      const { tx, startAfter, ...rest } = options;
      return boss.send(queue, data, {
        ...rest,
        ...(startAfter !== undefined ? { startAfter } : {}),
        ...(tx ? { db: fromDrizzle(tx as never, sql as never) } : {}),
      });
    },
    async work(queue, handler, options = {}) {
      handlers.set(queue, { handler: handler as JobHandler<unknown>, options });
      if (workersRunning) await startWorker(queue, handler as JobHandler<unknown>, options);
    },
    async failed({ queue, limit = 100 } = {}) {
      const rows = (await boss.findJobs(DEAD_LETTER_QUEUE, { queued: true, limit: 100_000 })) as JobWithMetadata[];
      return rows
        .filter((j) => !queue || j.sourceName === queue)
        .sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime())
        .slice(0, limit)
        .map((j) => ({
          id: j.id,
          queue: j.sourceName ?? DEAD_LETTER_QUEUE,
          data: j.data,
          error: errorMessage(j.sourceOutput),
          attempts: (j.sourceRetryCount ?? 0) + 1,
          createdAt: (j.sourceCreatedOn ?? j.createdOn).toISOString(),
          failedAt: j.createdOn.toISOString(),
        }));
    },
    async retry(deadLetterId) {
      const moved = await boss.redrive(DEAD_LETTER_QUEUE, { ids: [deadLetterId] });
      return moved > 0;
    },
    pending,
    async drain(queues, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      while ((await pending(queues)) > 0) {
        if (Date.now() > until) throw new Error(`jobs still pending after ${timeoutMs} ms: ${queues ?? 'all'}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
  return jobs;
}

/** Registers `app.jobs`: starts the queue now, its workers when the app is ready, stops it on close. */
export default fp(
  async function jobsPlugin(app: FastifyInstance, opts: JobsPluginOptions) {
    const jobs = await createJobs({ ...opts, log: app.log });
    await jobs.start();
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => jobs.startWorkers());
    app.addHook('onClose', async () => jobs.stop());
  },
  { name: 'jobs' },
);
