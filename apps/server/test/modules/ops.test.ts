/**
 * Operations surface: health live/ready, Prometheus metrics behind a token, request ids,
 * compression of API responses over 1 KB, the OpenAPI 3.1 document and its reference UI.
 */

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

const TOKEN = 'metrics-token-0123456789';

describe('operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, CHAIN: 'none' });
  });
  afterAll(async () => t.close());

  it('answers live and ready with every check named', async () => {
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', failing: [], checks: { database: { ok: true } } });
  });

  it('lists warnings without failing readiness', async () => {
    t.app.addReadyWarning('gas', async () => 'low gas: fund the signing key');
    t.app.addReadyWarning('fine', async () => null);
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', failing: [], warnings: ['low gas: fund the signing key'] });
  });

  it('answers 503 naming the failing part', async () => {
    t.app.addReadyCheck('queue', async () => {
      throw new Error('queue down');
    });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'unavailable',
      failing: ['queue'],
      checks: { queue: { ok: false, error: 'queue down' }, database: { ok: true } },
    });
  });

  it('keeps /api/health for existing users', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('returns a request id on every response and keeps a well-formed incoming one', async () => {
    const a = await t.app.inject({ url: '/api/nope' });
    expect(a.statusCode).toBe(404);
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'proxy-req-12345' } });
    expect(b.headers['x-request-id']).toBe('proxy-req-12345');
    const c = await t.app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'bad id <script>' } });
    expect(c.headers['x-request-id']).not.toBe('bad id <script>');
  });

  it('serves Prometheus text only with the bearer token, never the SPA', async () => {
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toContain('application/json');
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } });
    expect(wrong.statusCode).toBe(401);
    await t.app.inject({ url: '/api/health/live' });
    const ok = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(ok.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status="200"\} \d+/,
    );
    expect(ok.body).toContain('process_resident_memory_bytes');
  });

  it('compresses API responses over 1 KB with brotli or gzip, not small ones', async () => {
    const br = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).openapi).toBe('3.1.0');
    const gz = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).openapi).toBe('3.1.0');
    const small = await t.app.inject({ url: '/api/health/live', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('documents the API as OpenAPI 3.1 from the zod schemas and serves the reference UI', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health/ready'].get.responses['503']).toBeDefined();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
  });
});
