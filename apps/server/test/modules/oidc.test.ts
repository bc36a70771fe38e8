import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOidcClient } from '../../src/modules/auth/oidc';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';

/** A real OpenID Connect provider on loopback (oauth2-mock-server) drives the full code + PKCE flow. */
let idp: OAuth2Server;
let t: TestApp;

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token) => {
    token.payload.sub = 'user-42';
    token.payload.email = 'oidc.user@example.com';
    token.payload.given_name = 'Oidc';
    token.payload.family_name = 'User';
  });
  // The client also reads userinfo (strict providers keep the e-mail out of the ID token): the same person there.
  idp.service.on('beforeUserinfo', (res) => {
    res.body = { sub: 'user-42', email: 'oidc.user@example.com', given_name: 'Oidc', family_name: 'User' };
  });
});
afterAll(async () => idp.stop());
afterEach(async () => t?.close());

describe('OpenID Connect sign-in', () => {
  it('runs authorization code + PKCE through /api/login and /api/callback', async () => {
    const issuerUrl = idp.issuer.url!;
    const oidc = await createOidcClient({
      issuerUrl,
      clientId: 'app',
      clientSecret: 'secret',
      scopes: 'openid email profile',
    });
    t = await createTestApp(
      {
        OIDC_ISSUER_URL: issuerUrl,
        OIDC_CLIENT_ID: 'app',
        OIDC_CLIENT_SECRET: 'secret',
        PUBLIC_URL: 'http://app.test',
      },
      { oidc },
    );
    const start = await t.app.inject({ url: '/api/login' });
    expect(start.statusCode).toBe(302);
    const authUrl = new URL(start.headers.location as string);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('redirect_uri')).toBe('http://app.test/api/callback');
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;

    // The provider authenticates the user and redirects back with a code.
    const authRes = await fetch(authUrl, { redirect: 'manual' });
    const back = new URL(authRes.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe(authUrl.searchParams.get('state'));

    const done = await t.app.inject({ url: `/api/callback${back.search}`, headers: { cookie } });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    const session = sessionCookie(done.headers['set-cookie']);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'oidc.user@example.com',
      firstName: 'Oidc',
      lastName: 'User',
      role: 'admin',
    });

    // The development form is off when OIDC is configured.
    const dev = await t.app.inject({
      method: 'POST',
      url: '/api/login/dev',
      payload: { displayName: 'X', email: 'x@x.io' },
    });
    expect(dev.statusCode).toBe(403);
  });

  it('refuses a callback whose state does not match the session', async () => {
    const issuerUrl = idp.issuer.url!;
    const oidc = await createOidcClient({ issuerUrl, clientId: 'app', clientSecret: 'secret', scopes: 'openid' });
    t = await createTestApp(
      {
        OIDC_ISSUER_URL: issuerUrl,
        OIDC_CLIENT_ID: 'app',
        OIDC_CLIENT_SECRET: 'secret',
        PUBLIC_URL: 'http://app.test',
      },
      { oidc },
    );
    const start = await t.app.inject({ url: '/api/login' });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const authRes = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
    const back = new URL(authRes.headers.get('location')!);
    back.searchParams.set('state', 'forged');
    const done = await t.app.inject({ url: `/api/callback${back.search}`, headers: { cookie } });
    expect(done.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });
});
