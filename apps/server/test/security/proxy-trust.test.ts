/**
 * X-Forwarded-For is believed only when TRUST_PROXY says so (hop count or CIDR
 * list; off by default, in production too), so a client cannot rotate it to escape rate limits.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PROD = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), RATE_LIMIT_WAITLIST_PER_MIN: '2' };
const join = (i: number, xff: string) =>
  t!.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: { 'x-forwarded-for': xff },
    payload: { email: `p${i}@x.io` },
  });

describe('TRUST_PROXY', { timeout: 180_000 }, () => {
  it('is off by default, also in production: a forged X-Forwarded-For does not reset the rate limit', async () => {
    t = await createTestApp(PROD);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await join(i, `203.0.113.${i + 1}`)).statusCode);
    expect(codes.slice(0, 2).every((c) => c < 300)).toBe(true);
    expect(codes.slice(2)).toEqual([429, 429]);
  });

  it('with a CIDR list, believes X-Forwarded-For from that proxy only', async () => {
    t = await createTestApp({ ...PROD, TRUST_PROXY: '127.0.0.1/8, ::1' });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await join(i, `203.0.113.${i + 1}`)).statusCode);
    expect(codes.every((c) => c < 300)).toBe(true);
  });

  it('with a hop count, takes the client IP that many hops back', async () => {
    t = await createTestApp({ ...PROD, TRUST_PROXY: '1' });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await join(i, `198.51.100.9, 203.0.113.${i + 1}`)).statusCode);
    expect(codes.every((c) => c < 300)).toBe(true);
  });

  it('parses hop counts, CIDR lists and off; refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,192.168.1.7' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.7']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'evil.example' })).toThrow(/TRUST_PROXY/);
  });
});
