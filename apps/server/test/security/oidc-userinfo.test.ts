/**
 * Against a strict OpenID provider (the `oidc-provider` library, started here)
 * that keeps the e-mail and name out of the ID token and hands them out only at its userinfo
 * endpoint, sign-in still stores them: the client calls userinfo after the code exchange, with
 * PKCE, state and nonce as before.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOidcClient } from '../../src/modules/auth/oidc';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';

let server: http.Server;
let issuer: string;
let t: TestApp;

const ACCOUNT = {
  sub: 'ada-1815',
  email: 'ada@example.com',
  email_verified: true,
  name: 'Ada Lovelace',
  given_name: 'Ada',
  family_name: 'Lovelace',
};

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'app',
        client_secret: 'secret-secret-secret',
        redirect_uris: ['http://app.test/api/callback'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // Strict: scope-requested claims go to userinfo, never into the ID token of a code flow.
    conformIdTokenClaims: true,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    async findAccount(_ctx: unknown, sub: string) {
      return { accountId: sub, claims: async () => ({ ...ACCOUNT, sub }) };
    },
  });
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      // The user signs in and consents at once (a test double for the provider's own pages).
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: ACCOUNT.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: ACCOUNT.sub }, consent: { grantId } });
      return;
    }
    callback(req, res);
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server.close(r));
});

/** Follows the provider's redirects with its cookies until it sends the browser back to the app. */
async function authorize(url: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(url);
  for (let i = 0; i < 10; i++) {
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${res.status}: ${await res.text()}`);
    next = new URL(location, next);
    if (next.origin === 'http://app.test') return next;
  }
  throw new Error('too many redirects');
}

describe('OIDC sign-in against a strict provider (claims only at userinfo)', () => {
  it('stores the e-mail and name from userinfo', { timeout: 180_000 }, async () => {
    const settings = {
      issuerUrl: issuer,
      clientId: 'app',
      clientSecret: 'secret-secret-secret',
      scopes: 'openid email profile',
    };
    const oidc = await createOidcClient(settings);
    t = await createTestApp(
      {
        OIDC_ISSUER_URL: issuer,
        OIDC_CLIENT_ID: 'app',
        OIDC_CLIENT_SECRET: settings.clientSecret,
        PUBLIC_URL: 'http://app.test',
      },
      { oidc },
    );
    const start = await t.app.inject({ url: '/api/login' });
    expect(start.statusCode).toBe(302);
    const authUrl = new URL(start.headers.location as string);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    const cookie = sessionCookie(start.headers['set-cookie']);

    const back = await authorize(authUrl.href);
    const done = await t.app.inject({ url: `/api/callback${back.search}`, headers: { cookie } });
    expect(done.statusCode, done.body).toBe(302);
    const me = await t.app.inject({
      url: '/api/auth/user',
      headers: { cookie: sessionCookie(done.headers['set-cookie']) },
    });
    expect(me.json()).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  });
});
