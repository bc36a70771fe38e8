import { afterEach, describe, expect, it } from 'vitest';
import { waitlist } from '../../src/db/schema';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
afterEach(async () => t?.close());

describe('POST /api/waitlist', () => {
  it('stores {email, source: landing_page} once, answering the same for a new and a known e-mail', async () => {
    t = await createTestApp();
    const body = { email: 'Early@Bird.io', source: 'landing_page' };
    const a = await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: body });
    const b = await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: body });
    // the answer must not tell whether the e-mail was already on the list
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    const rows = await t.database.db.select().from(waitlist);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'early@bird.io', source: 'landing_page' });
  });

  it('defaults the source to landing_page', async () => {
    t = await createTestApp();
    await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: { email: 'x@y.io' } });
    expect((await t.database.db.select().from(waitlist))[0]?.source).toBe('landing_page');
  });

  it('refuses a malformed e-mail with 400 and zod issues, storing nothing', async () => {
    t = await createTestApp();
    for (const email of ['nope', '', 'a@', '@b.io']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: { email } });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('/email');
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(waitlist)).toHaveLength(0);
  });

  it('is rate limited per IP', async () => {
    t = await createTestApp({ RATE_LIMIT_WAITLIST_PER_MIN: '3' });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: { email: `r${i}@x.io` } })).statusCode,
      );
    }
    expect(codes.slice(0, 3)).toEqual([202, 202, 202]); // new and known e-mails answer alike
    expect(codes[4]).toBe(429);
  });

  it('lists sign-ups to admins only', async () => {
    t = await createTestApp();
    await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: { email: 'list@x.io' } });
    const admin = await signIn(t.app, { email: 'admin@x.io' });
    const user = await signIn(t.app, { email: 'user@x.io' });
    expect((await t.app.inject({ url: '/api/admin/waitlist', headers: { cookie: user.cookie } })).statusCode).toBe(403);
    const res = await t.app.inject({ url: '/api/admin/waitlist', headers: { cookie: admin.cookie } });
    expect(res.json()).toEqual([expect.objectContaining({ email: 'list@x.io', source: 'landing_page' })]);
  });
});
