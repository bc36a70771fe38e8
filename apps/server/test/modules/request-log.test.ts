/**
 * The request log: every request is logged once, when it completes, with what an operator needs
 * (method, URL, status, duration, request id) — one line instead of Fastify's two.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLoggerOptions } from '../../src/lib/logger';
import { createTestApp, type TestApp } from '../helpers/app';

describe('request log', () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ CHAIN: 'none' }, { logger: { level: 'info', stream } });
  });
  afterAll(async () => t.close());

  it('writes one line per request, at its end, with method, url, status, duration and request id', async () => {
    lines.length = 0;
    const res = await t.app.inject({ url: '/api/health/live?x=1', headers: { 'x-request-id': 'log-test-0001' } });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((l) => l.reqId === 'log-test-0001');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request', method: 'GET', url: '/api/health/live?x=1', statusCode: 200 });
    expect(typeof mine[0]!.ms).toBe('number');
  });

  it('logs refused and unknown requests too', async () => {
    lines.length = 0;
    await t.app.inject({ url: '/api/nope', headers: { 'x-request-id': 'log-test-0002' } });
    expect(lines.filter((l) => l.reqId === 'log-test-0002')).toEqual([
      expect.objectContaining({ msg: 'request', statusCode: 404 }),
    ]);
  });
});

describe('serverLoggerOptions', () => {
  it('pretty-prints for a person at a terminal outside production, JSON otherwise', () => {
    expect(serverLoggerOptions({ LOG_LEVEL: 'info', isProduction: false }, { isTTY: true })).toHaveProperty(
      'transport',
    );
    const piped = serverLoggerOptions({ LOG_LEVEL: 'info', isProduction: false }, { isTTY: false });
    expect(piped).not.toHaveProperty('transport');
    expect(piped.stream).toBeDefined();
    expect(serverLoggerOptions({ LOG_LEVEL: 'warn', isProduction: true }, { isTTY: true })).not.toHaveProperty(
      'transport',
    );
  });
});
