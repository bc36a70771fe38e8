import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';

// helmet wrapped to count how often its middleware is built.
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('helmet', async (importOriginal) => {
  const actual = (await importOriginal()) as { default: (...a: unknown[]) => unknown };
  return {
    default: (...args: unknown[]) => {
      built.count++;
      return actual.default(...args);
    },
  };
});

const { default: security } = await import('./security');

describe('security headers', () => {
  const app = Fastify();
  afterAll(() => app.close());

  it('sends the CSP and the other headers on every answer, with the middleware built once, not per request', async () => {
    await app.register(security, { trustedOrigins: [], frameOrigins: ['http://127.0.0.1:5001'] });
    app.get('/x', async () => ({ ok: true }));
    await app.ready();
    const before = built.count;
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/x' });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-src 'self' http://127.0.0.1:5001");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(before).toBe(1);
    expect(built.count).toBe(1);
  });
});
