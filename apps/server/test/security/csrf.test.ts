/**
 * The CSRF origin check decides on every unsafe method whatever the raw path
 * says, so a percent-encoded path (`/%61pi/...`, routed to `/api/...`) cannot slip past it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
afterEach(async () => t?.close());

describe('CSRF check on encoded paths', { timeout: 180_000 }, () => {
  it.each(['/%61pi/profile', '/%61%70%69/profile', '/api/%70rofile', '//api/profile'])(
    'refuses a cross-site PATCH to %s',
    async (url) => {
      t = await createTestApp();
      const { cookie } = await signIn(t.app, { email: 'enc@x.io' });
      const res = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { cookie, host: 'app.local', origin: 'https://evil.example' },
        payload: { firstName: 'Mallory' },
      });
      expect(res.statusCode).toBe(403);
      const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
      expect(me.json().firstName).not.toBe('Mallory');
    },
  );

  it('still exempts the signed Stripe webhook by its routed path only', async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).not.toBe(403);
  });
});
