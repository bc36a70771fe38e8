/**
 * How the server sends the web app's pages: `/` is the prerendered landing page for visitors and the
 * app's shell for a signed-in user (never the landing page first), every page a signed-in user gets
 * carries their record (so the app need not ask who is signed in before rendering), and all say they
 * vary by cookie so that no cache in between hands one to the other.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebPages } from '../../src/plugins/web-pages';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

const SHELL = '<!doctype html><html><body><div id="root"></div><!-- shell --></body></html>';

/** The user record inlined in a signed-in page, or null when there is none. */
function inlinedUser(body: string): unknown {
  const m = /<script type="application\/json" id="session-user">(.*?)<\/script>/s.exec(body);
  return m ? JSON.parse(m[1]!) : null;
}
const LANDING =
  '<!doctype html><html><body><div id="root" data-prerendered="landing"><h1>landing</h1></div></body></html>';

describe('web pages', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(path.join(web, 'index.html'), SHELL);
    writeFileSync(path.join(web, 'landing.html'), LANDING);
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'export {};');
    t = await createTestApp({ CHAIN: 'none', WEB_DIST_DIR: web });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('sends the prerendered landing page for / to a visitor, varying by cookie', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(LANDING);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the app shell with the user inlined for / to a signed-in user, private to them', async () => {
    const { cookie } = await signIn(t.app, { email: 'shell@example.test' });
    const res = await t.app.inject({ url: '/', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<!-- shell -->');
    expect(res.body).not.toContain('data-prerendered');
    expect(res.body).not.toContain('<h1>landing</h1>');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(inlinedUser(res.body)).toEqual(me.json());
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // A query string does not change the decision.
    const withQuery = await t.app.inject({ url: '/?ref=mail', headers: { cookie } });
    expect(inlinedUser(withQuery.body)).toEqual(me.json());
  });

  it('inlines the user so that no name can close the script element', async () => {
    const { cookie } = await signIn(t.app, {
      displayName: '</script><script>alert(1)</script><!--',
      email: 'markup@example.test',
    });
    const res = await t.app.inject({ url: '/teams', headers: { cookie } });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!--"');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(inlinedUser(res.body)).toEqual(me.json());
  });

  it('sends the landing page for / after sign-out and for a cookie of no live session', async () => {
    const { cookie } = await signIn(t.app, { email: 'gone@example.test' });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/', headers: { cookie } })).body).toBe(LANDING);
    const forged = await t.app.inject({ url: '/', headers: { cookie: 'sid=not-a-session.signature' } });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toBe(LANDING);
  });

  it('sends the plain shell for other client routes to a visitor and the shell with the user to a signed-in user', async () => {
    const visitor = await t.app.inject({ url: '/marketplace' });
    expect(visitor.body).toBe(SHELL);
    expect(visitor.headers.vary).toMatch(/cookie/i);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    const { cookie } = await signIn(t.app, { email: 'routes@example.test' });
    for (const url of ['/teams', '/marketplace', '/avatar/1', '/avatar-chat/1?x=1']) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<!-- shell -->');
      expect(inlinedUser(res.body)).toMatchObject({ email: 'routes@example.test' });
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('keeps 404 in words for unknown API paths and non-GET requests', async () => {
    const api = await t.app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toMatch(/not found/);
    const post = await t.app.inject({ method: 'POST', url: '/teams' });
    expect(post.statusCode).toBe(404);
  });

  it('sends hashed assets with a year of caching', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('web pages when the user cannot be read', () => {
  it('sends a signed-in user the shell without their record (the app then asks), not a 500', async () => {
    const web = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(path.join(web, 'index.html'), SHELL);
    writeFileSync(path.join(web, 'landing.html'), LANDING);
    // The session says who is signed in, but reading the user fails (PostgreSQL down).
    const app = Fastify({ logger: false });
    app.decorateRequest('session', null as never);
    app.decorateRequest('currentUser', async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    });
    app.addHook('onRequest', async (req) => {
      (req as unknown as { session: { userId: string } }).session = { userId: 'u1' };
    });
    await registerWebPages(app, { webDist: web });
    try {
      for (const url of ['/', '/teams']) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(SHELL);
        expect(res.headers['cache-control']).toBe('private, no-cache');
      }
    } finally {
      await app.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
