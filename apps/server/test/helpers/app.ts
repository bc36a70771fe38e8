/**
 * Test harness: builds the real app on a fresh database per call — in-memory PGlite by default, or
 * a throw-away PostgreSQL database when TEST_DB_DRIVER=postgres and TEST_DATABASE_URL are set.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppDeps, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { createProviders } from '../../src/providers/index';
import { createDiskStorage } from '../../src/providers/storage/disk';

export const usePostgres = process.env.TEST_DB_DRIVER === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/** Opens a fresh, migrated, empty database; `close` also drops it on PostgreSQL. */
let template: Promise<Blob> | undefined;

/** On PostgreSQL, `url` names the throw-away database (e.g. to open a second connection pool on it). */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (!usePostgres) {
    // Migrate once per test file, then start every database from that snapshot.
    template ??= openDatabase({ dataDir: 'memory://' }).then(async (d) => {
      const blob = await d.dump!();
      await d.close();
      return blob;
    });
    return openDatabase({ dataDir: 'memory://', loadDataDir: await template });
  }
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.href });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href });
  return {
    ...database,
    url: url.href,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: base.href });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** Builds the app with test config; `env` overrides environment variables. */
export async function createTestApp(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'avatars-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const database = deps.database ?? (await openTestDatabase());
  const storage = deps.storage ?? createDiskStorage(path.join(dataDir, 'uploads'));
  const app = await buildApp({
    config,
    database,
    storage,
    providers: deps.providers ?? (await createProviders(config, storage)),
    sessionSecret: 'test-secret-test-secret-test-secret-0123',
    oidc: null,
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
    ...deps,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the development form; returns the Cookie header value for later requests. */
export async function signIn(
  app: FastifyInstance,
  who: { displayName?: string; email: string },
): Promise<{ cookie: string; user: { id: string; role: string; status: string } }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login/dev',
    payload: { displayName: who.displayName ?? who.email.split('@')[0], email: who.email },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res.headers['set-cookie']), user: res.json() };
}

/** The live `sid=…` pair from Set-Cookie headers (skips the clearing of a replaced session). */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const live = all.map((c) => c.split(';')[0]!).filter((c) => /^sid=.+/.test(c));
  if (!live.length) throw new Error('no session cookie set');
  return live[live.length - 1]!;
}

/** A multipart/form-data body with one file field. */
export function multipart(field: string, filename: string, data: Buffer, contentType: string) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
