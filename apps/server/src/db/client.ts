/**
 * Database connection: PGlite (embedded PostgreSQL, files under DATA_DIR/db) by default, or
 * PostgreSQL through node-postgres when a URL is given (DESIGN §2). Both speak the same Drizzle API;
 * migrations from ./drizzle are applied on open.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** 'pglite' or 'postgres'. */
  kind: 'pglite' | 'postgres';
  /** Closes the connection; PGlite flushes its files first. */
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory (used as a migrated template in tests). */
  dump?: () => Promise<Blob>;
  /** Round trip to the database (`SELECT 1`); rejects when it is unreachable (readiness). */
  ping(): Promise<void>;
  /** Runs `fn` under the migration/seed advisory lock (PostgreSQL); PGlite just runs it. */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` while holding the lock named `key` across every process on this database: callers with
   * the same key run one after another. PostgreSQL: a session advisory lock (namespace
   * {@link KEY_LOCK_NAMESPACE}, `hashtext(key)`) on a connection of a small pool of its own, so a
   * holder that runs queries (or waits for a chain write) never starves the main pool; a crashed
   * holder's lock goes with its connection. PGlite: its files belong to one process, so a per-instance
   * queue is the whole truth. Used for chain mirroring that must not run twice at once.
   * @throws Error when the lock is not free within `timeoutMs` (default 120 000 ms)
   */
  withKeyLock<T>(key: string, fn: () => Promise<T>, timeoutMs?: number): Promise<T>;
  /**
   * Subscribes to a PostgreSQL NOTIFY channel (e.g. the `market_changed` triggers). `onMessage` runs
   * for each notification and also whenever delivery may have lapsed (the listening connection was
   * lost and re-established), so a subscriber that drops a cache on it is never left stale.
   * Resolves to an unsubscribe function.
   */
  listen?: (channel: string, onMessage: () => void) => Promise<() => Promise<void>>;
  /**
   * What the job queue (plugins/jobs.ts) connects through: the same PGlite instance (one
   * connection, shared), or the PostgreSQL URL (pg-boss keeps its own small pool).
   */
  jobs: { pglite: PGlite } | { connectionString: string };
}

/** Key of the session-level advisory lock that serialises migrations and seeding across processes. */
export const MIGRATION_LOCK_KEY = 8_004_014;

/**
 * Runs `fn` holding the PostgreSQL advisory lock `MIGRATION_LOCK_KEY` on a dedicated connection,
 * so two processes starting at once (replicas, `npm run db:migrate` beside a server) never migrate
 * or seed concurrently: the second waits, then finds nothing left to do.
 */
export async function withMigrationLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** First key of the two-key advisory locks taken by {@link Database.withKeyLock}. */
export const KEY_LOCK_NAMESPACE = 8_004_012;

/** {@link Database.withKeyLock} on PostgreSQL: polls `pg_try_advisory_lock` so waiters hold no connection. */
function pgKeyLock(pool: pg.Pool) {
  return async <T>(key: string, fn: () => Promise<T>, timeoutMs = 120_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const r = await client.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [KEY_LOCK_NAMESPACE, key]);
        if (r.rows[0]?.ok) {
          try {
            return await fn();
          } finally {
            await client
              .query('SELECT pg_advisory_unlock($1, hashtext($2))', [KEY_LOCK_NAMESPACE, key])
              .catch((err: Error) => {
                broken = err; // the connection is dropped below, and the lock with it
              });
          }
        }
      } catch (err) {
        broken ??= err as Error;
        throw err;
      } finally {
        client.release(broken);
      }
      if (Date.now() > deadline) throw new Error(`lock ${key} is still held after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25 + Math.random() * 50));
    }
  };
}

/** {@link Database.withKeyLock} on PGlite: one queue per key in this process (PGlite is one process's). */
function localKeyLock() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const current = previous.then(fn, fn);
    const tail = current.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

/** Number of migrations in `drizzle/meta/_journal.json`. */
function migrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Whether every migration of this build is applied to a PostgreSQL database (drizzle records them
 * in `drizzle.__drizzle_migrations`).
 */
async function pendingMigrations(pool: pg.Pool): Promise<number> {
  const exists = await pool.query(`SELECT to_regclass('drizzle.__drizzle_migrations') AS t`);
  if (!exists.rows[0]?.t) return migrationCount();
  const r = await pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return Math.max(0, migrationCount() - Number(r.rows[0]?.n ?? 0));
}
/**
 * PGlite's server settings: its defaults (`PGlite.defaultStartParams`: single-user mode, no
 * parallel workers) plus a smaller buffer pool. PGlite runs PostgreSQL inside the server's own
 * process, where the default `shared_buffers` of 128 MB becomes 128 MB of the process's memory
 * (WebAssembly memory, touched as pages are read). 32 MB keeps the hot pages of a catalogue of
 * 100,000 avatars (the listing walks one index and reads 25 rows per page); a page not in the pool
 * is read from the data dir through the operating system's file cache. The listing is served from
 * the response cache in any case (modules/marketplace/listing-cache.ts). bench/README.md has the
 * figures (memory.bench.mjs, marketplace.bench.ts).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Initialises a new PGlite data dir (`initdb`) in a short-lived child process. PGlite runs initdb
 * in a second WebAssembly instance whose ~110 MB would otherwise stay in this process for good (a
 * worker thread does not give it back either: the allocator keeps it); a child's memory goes
 * with it, so a first start is no bigger than any later one. Takes ~1–2 s, once per data dir.
 * @throws Error with the child's output when initdb fails
 */
export async function initPgliteDataDir(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const source = `const { PGlite } = require(${JSON.stringify(pglite)});
PGlite.create(process.argv[1]).then((db) => db.close()).catch((err) => { console.error(err); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', source, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`PGlite could not initialise ${dataDir} (exit ${code}): ${stderr.trim().slice(0, 2000)}`);
}

/** Quotes a channel name as an SQL identifier. */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * LISTEN on a dedicated node-postgres connection (pooled connections cannot hold a LISTEN). On a
 * lost connection it calls `onMessage` (notifications may have been missed) and reconnects after 1 s.
 */
function pgListener(url: string) {
  return async (channel: string, onMessage: () => void) => {
    let client: pg.Client | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => {
        if (n.channel === channel) onMessage();
      });
      c.on('error', () => {
        // 'end' follows; reconnect there.
      });
      c.on('end', () => {
        if (closed || client !== c) return;
        client = null;
        onMessage();
        retry = setTimeout(() => void connect().catch(() => scheduleRetry()), 1_000);
      });
      client = c;
      await c.connect();
      await c.query(`LISTEN ${ident(channel)}`);
    };
    const scheduleRetry = () => {
      if (closed) return;
      client = null;
      onMessage();
      retry = setTimeout(() => void connect().catch(() => scheduleRetry()), 1_000);
    };
    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    };
  };
}

/**
 * Opens the database and applies pending migrations.
 * @param opts.url PostgreSQL connection string; when absent, PGlite is used.
 * @param opts.dataDir PGlite folder, or 'memory://' for an in-memory database (tests).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** PGlite only: start from this dump (see `dumpPglite`), e.g. an already-migrated template in tests. */
  loadDataDir?: Blob;
  /**
   * Apply pending migrations (default true; under the advisory lock on PostgreSQL). When false on
   * PostgreSQL, opening fails if migrations are pending: run `npm run db:migrate` first.
   */
  migrate?: boolean;
}): Promise<Database> {
  const migrate = opts.migrate ?? true;
  if (opts.url) {
    // A connection attempt that gets no answer fails in 5 s (the request then answers 503 naming
    // the database) instead of holding the request while PostgreSQL is unreachable.
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle client can be cut off by the server (restart, failover, admin shutdown): node-postgres
    // then emits 'error' on the pool, which must not crash the process; the pool replaces the client.
    pool.on('error', (err) => console.warn(`postgres: idle client error: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (migrate) {
      await withMigrationLock(pool, async () => {
        await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
      });
    } else {
      const pending = await pendingMigrations(pool);
      if (pending > 0) {
        await pool.end();
        throw new Error(`${pending} database migration(s) pending: run \`npm run db:migrate\` first`);
      }
    }
    const lockPool = new pg.Pool({ connectionString: opts.url, max: 4, connectionTimeoutMillis: 5_000 });
    lockPool.on('error', (err) => console.warn(`postgres: idle lock client error: ${err.message}`));
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await lockPool.end();
        await pool.end();
      },
      ping: async () => {
        await pool.query('SELECT 1');
      },
      withLock: (fn) => withMigrationLock(pool, fn),
      withKeyLock: pgKeyLock(lockPool),
      listen: pgListener(opts.url),
      jobs: { connectionString: opts.url },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    // A new data dir is initialised (initdb) in a thread of its own, whose memory goes with it.
    if (!opts.loadDataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await initPgliteDataDir(dataDir);
  }
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    loadDataDir: opts.loadDataDir,
    startParams: PGLITE_START_PARAMS,
  });
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    ping: async () => {
      await client.query('SELECT 1');
    },
    // PGlite is one process's database (its files are locked): nothing to serialise against.
    withLock: (fn) => fn(),
    withKeyLock: localKeyLock(),
    listen: async (channel, onMessage) => {
      const off = await client.listen(channel, () => onMessage());
      return async () => {
        if (!client.closed) await off();
      };
    },
    jobs: { pglite: client },
  };
}
