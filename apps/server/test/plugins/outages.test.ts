/**
 * Dependencies fail in words: a Redis outage leaves pages and public reads working (rate limits
 * count per process), refuses sign-in with 503 + Retry-After naming Redis, and recovers without a
 * restart; database, chain RPC and file-storage failures are recognised as outages (503 naming
 * them), not "Internal server error".
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outageOf } from '../../src/lib/outages';
import { createS3Storage } from '../../src/providers/storage/s3';
import { createTestApp, type TestApp } from '../helpers/app';

/** A TCP port nobody listens on (taken from the OS, then released). */
async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

async function until(fn: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('Redis outage', () => {
  let port: number;
  let server: ChildProcess | null = null;
  let redis: Redis;
  let t: TestApp;

  const startRedis = async () => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    expect(await until(() => redis?.status === 'ready' || !redis, 10_000)).toBe(true);
  };
  const stopRedis = async () => {
    const s = server;
    server = null;
    if (!s || s.exitCode !== null) return;
    await new Promise((r) => {
      s.once('exit', r);
      s.kill('SIGKILL');
    });
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    redis = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 1, commandTimeout: 1_000 });
    redis.on('error', () => {});
    expect(await until(() => redis.status === 'ready', 10_000)).toBe(true);
    t = await createTestApp({ SEED_DEMO_DATA: 'false', CHAIN: 'none' }, { redis });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    redis?.disconnect();
    await stopRedis();
  });

  const login = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/login/dev', payload: { displayName: 'R', email } });

  it('counts limits in Redis while it is up', async () => {
    expect((await login('up@x.io')).statusCode).toBe(200);
    expect((await redis.keys('rl:*')).length).toBeGreaterThan(0);
  });

  it('keeps pages and public reads working, refuses sign-in with 503 in words, and recovers', async () => {
    await stopRedis();
    expect(await until(() => redis.status !== 'ready', 10_000)).toBe(true);

    // The SPA fallback (and its rate limit) and a public read: never a 5xx.
    for (const url of ['/', '/marketplace', '/api/marketplace/avatars']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    // A limited write of the `local` class is counted per process.
    const waitlist = await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: { email: 'w@x.io' } });
    expect(waitlist.statusCode).toBe(202);
    // Sign-in is refused, in words, with Retry-After.
    const refused = await login('down@x.io');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().error).toMatch(/Redis/);
    // Readiness names it.
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().failing).toContain('redis');
    // …but a load balancer keeps the replica in rotation (Redis is down for every replica alike).
    expect((await t.app.inject({ url: '/api/health/ready?scope=replica' })).statusCode).toBe(200);

    // Back without a restart of the app.
    await startRedis();
    expect(await until(() => redis.status === 'ready', 15_000)).toBe(true);
    expect((await login('again@x.io')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  }, 60_000);
});

describe('outages are recognised and named', () => {
  it('PostgreSQL unreachable → the database', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://x@127.0.0.1:${await freePort()}/x` });
    const db = drizzle(pool);
    const err = await db.execute(sql`select 1`).catch((e: unknown) => e);
    await pool.end();
    expect(outageOf(err)?.dependency).toBe('the database');
    expect(outageOf(err)?.message).toMatch(/database/);
  });

  it('the chain RPC unreachable → the blockchain node', async () => {
    const client = createPublicClient({ transport: http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 }) });
    const err = await client.getBlockNumber().catch((e: unknown) => e);
    expect(outageOf(err)?.message).toMatch(/blockchain node \(RPC\)/);
  });

  it('file storage unreachable → a 503 naming S3', async () => {
    const storage = createS3Storage({
      bucket: 'b',
      prefix: 'uploads',
      endpoint: `http://127.0.0.1:${await freePort()}`,
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: true,
    });
    const err = (await storage.get('x.png').catch((e: unknown) => e)) as { statusCode?: number; message?: string };
    expect(err.statusCode).toBe(503);
    expect(err.message).toMatch(/File storage \(S3\)/);
  }, 30_000);

  it('a bad request or a bug is not an outage', () => {
    expect(outageOf(new Error('boom'))).toBeNull();
    expect(outageOf(Object.assign(new Error('invalid input syntax'), { code: '22P02' }))).toBeNull();
  });
});
