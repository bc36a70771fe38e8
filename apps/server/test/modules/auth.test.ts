import { afterEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
afterEach(async () => t?.close());

describe('sign-in and sessions', () => {
  it('GET /api/auth/user is 401 when signed out', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized' });
  });

  it('GET /api/login shows the development form without OIDC', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('action="/api/login/dev"');
  });

  it('refuses the development form in production', async () => {
    t = await createTestApp({ NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40) });
    expect((await t.app.inject({ url: '/api/login' })).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/dev',
      payload: { displayName: 'Eve', email: 'eve@x.io' },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });

  it('creates the user, stores the session server-side and sets a safe cookie', async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/dev',
      payload: { displayName: 'Ada King Lovelace', email: 'ADA@Example.com' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const rows = await t.database.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect((rows[0]!.sess as { userId?: string }).userId).toBe(res.json().id);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: cookie.split(';')[0]! } });
    expect(me.json()).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', lastName: 'King Lovelace' });
    expect(me.json().lastLoginAt).not.toBeNull();
  });

  it('form posts redirect home; bad form input re-renders the form with 400', async () => {
    t = await createTestApp();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/login/dev',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'displayName=Neo&email=neo%40matrix.io',
    });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login/dev',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'displayName=Neo&email=not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');
  });

  it('returns to the page the user came from, and only to a same-origin relative path', async () => {
    t = await createTestApp();
    const form = await t.app.inject({ url: '/api/login?returnTo=%2Favatar%2F3%3Ftab%3Dskills' });
    expect(form.body).toContain('name="returnTo" value="/avatar/3?tab=skills"');
    const evilForm = await t.app.inject({ url: '/api/login?returnTo=%2F%2Fevil.example' });
    expect(evilForm.body).not.toContain('name="returnTo"');
    const post = (returnTo: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/dev',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `displayName=Neo&email=neo%40matrix.io&returnTo=${encodeURIComponent(returnTo)}`,
      });
    expect((await post('/teams')).headers.location).toBe('/teams');
    for (const evil of ['//evil.example', 'https://evil.example/', '/\\evil.example', '\\\\evil', '/login']) {
      const res = await post(evil);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
    }
  });

  it('makes the first real user admin, later ones plain users; ADMIN_EMAILS are admin', async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'boss@x.io' });
    const first = await signIn(t.app, { email: 'first@x.io' });
    const second = await signIn(t.app, { email: 'second@x.io' });
    const boss = await signIn(t.app, { email: 'boss@x.io' });
    expect(first.user.role).toBe('admin');
    expect(second.user).toMatchObject({ role: 'user', status: 'active' });
    expect(boss.user.role).toBe('admin');
  });

  it('seeded demo users do not count as the first sign-in', async () => {
    t = await createTestApp();
    await t.database.db.insert(users).values({ email: 'demo@demo.local', isDemo: true, authSubject: 'seed:1' });
    const first = await signIn(t.app, { email: 'real@x.io' });
    expect(first.user.role).toBe('admin');
  });

  it('new users are pending when AUTO_APPROVE_USERS=false and get 403 on protected routes', async () => {
    t = await createTestApp({ AUTO_APPROVE_USERS: 'false' });
    const admin = await signIn(t.app, { email: 'admin@x.io' });
    const pending = await signIn(t.app, { email: 'wait@x.io' });
    expect(admin.user.status).toBe('active');
    expect(pending.user.status).toBe('pending');
    const res = await t.app.inject({ url: '/api/avatars', headers: { cookie: pending.cookie } });
    expect(res.statusCode).toBe(403);
    // the admin approves
    const approve = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${pending.user.id}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'active' },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().status).toBe('active');
    expect((await t.app.inject({ url: '/api/avatars', headers: { cookie: pending.cookie } })).statusCode).toBe(200);
  });

  it('only admins reach the admin API', async () => {
    t = await createTestApp();
    await signIn(t.app, { email: 'admin@x.io' });
    const user = await signIn(t.app, { email: 'user@x.io' });
    expect((await t.app.inject({ url: '/api/admin/users' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/users', headers: { cookie: user.cookie } })).statusCode).toBe(403);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.user.id}`,
      headers: { cookie: user.cookie },
      payload: { role: 'admin' },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('admin PATCH validates its body and answers 404 for unknown users', async () => {
    t = await createTestApp();
    const admin = await signIn(t.app, { email: 'admin@x.io' });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.user.id}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'banished' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.length).toBeGreaterThan(0);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/nope',
      headers: { cookie: admin.cookie },
      payload: { status: 'active' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('logout ends the session server-side', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'bye@x.io' });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions)).toHaveLength(0);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('CSRF protection on cookie-authenticated writes', () => {
  it('refuses a cross-site write by Sec-Fetch-Site or Origin and accepts same-origin', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'csrf@x.io' });
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie, host: 'app.local', ...headers },
        payload: { firstName: 'Mallory' },
      });
    expect((await send({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await send({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await send({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await send({ origin: 'null' })).statusCode).toBe(403);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.json().firstName).not.toBe('Mallory');
    const ok = await send({ origin: 'http://app.local', 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().firstName).toBe('Mallory');
  });
});

describe('unknown routes', () => {
  it('answer 404 JSON under /api', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/not found/);
  });
});

describe('security headers', () => {
  it('keep the Origin of same-origin form posts (no `no-referrer` policy) and send a CSP', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/login' });
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});
