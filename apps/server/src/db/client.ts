/**
 * Database connection: PGlite (embedded PostgreSQL, files under DATA_DIR/db) by default, or
 * PostgreSQL through node-postgres when a URL is given (DESIGN §2). Both speak the same Drizzle API;
 * migrations from ./drizzle are applied on open.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

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
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client can be cut off by the server (restart, failover, admin shutdown): node-postgres
    // then emits 'error' on the pool, which must not crash the process; the pool replaces the client.
    pool.on('error', (err) => console.warn(`postgres: idle client error: ${err.message}`));
    await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      listen: pgListener(opts.url),
      jobs: { connectionString: opts.url },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    listen: async (channel, onMessage) => {
      const off = await client.listen(channel, () => onMessage());
      return async () => {
        if (!client.closed) await off();
      };
    },
    jobs: { pglite: client },
  };
}
