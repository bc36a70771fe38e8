/**
 * How the server sends the web app's pages: `/` is the prerendered landing page for visitors and the
 * app's shell for a signed-in user (never the landing page first), and both say they vary by cookie
 * so that no cache in between hands one to the other; other client routes get the shell.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

const SHELL = '<!doctype html><html><body><div id="root"></div><!-- shell --></body></html>';
const LANDING =
  '<!doctype html><html><body><div id="root" data-prerendered="landing"><h1>landing</h1></div></body></html>';

describe('web pages', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(path.join(web, 'index.html'), SHELL);
    writeFileSync(path.join(web, 'landing.html'), LANDING);
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

  it('sends the app shell for / to a signed-in user, private to them', async () => {
    const { cookie } = await signIn(t.app, { email: 'shell@example.test' });
    const res = await t.app.inject({ url: '/', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
    expect(res.body).not.toContain('data-prerendered');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // A query string does not change the decision.
    const withQuery = await t.app.inject({ url: '/?ref=mail', headers: { cookie } });
    expect(withQuery.body).toBe(SHELL);
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

  it('sends the shell for other client routes, signed in or not', async () => {
    expect((await t.app.inject({ url: '/marketplace' })).body).toBe(SHELL);
    const { cookie } = await signIn(t.app, { email: 'routes@example.test' });
    expect((await t.app.inject({ url: '/teams', headers: { cookie } })).body).toBe(SHELL);
  });
});
