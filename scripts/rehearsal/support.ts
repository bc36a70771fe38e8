/**
 * Stand-ins and plumbing for the Base rehearsal (scripts/rehearse-base.ts): a test OpenID provider
 * (the `oidc-provider` library, consenting for one account), a Stripe API double that answers every
 * call with an error (the rehearsal pays with crypto; no card call may reach Stripe), cookies and
 * HTTP helpers. Checks, waiting and processes are scripts/lib's, shared with the other scripts.
 */
import http from 'node:http';
import Provider from 'oidc-provider';

/** A user the test OpenID provider signs in (one per e-mail). */
export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
}

/** Starts a test OpenID provider on `port`; `pick()` names the account the next sign-in consents as. */
export async function startOidcProvider(port: number, redirectUris: string[]) {
  const issuer = `http://127.0.0.1:${port}`;
  let current: OidcAccount = { sub: 'nobody', email: 'nobody@rehearsal.test', name: 'Nobody' };
  const accounts = new Map<string, OidcAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'neural-avatars',
        client_secret: 'rehearsal-oidc-secret-0123456789',
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['rehearsal-cookie-key-0123456789'] },
    async findAccount(_ctx: unknown, sub: string) {
      const a = accounts.get(sub) ?? current;
      return { accountId: sub, claims: async () => ({ sub, email: a.email, email_verified: true, name: a.name }) };
    },
  });
  const callback = provider.callback();
  const server = http.createServer(async (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: current.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: current.sub }, consent: { grantId } });
      return;
    }
    callback(req, res);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    issuer,
    clientId: 'neural-avatars',
    clientSecret: 'rehearsal-oidc-secret-0123456789',
    pick(account: OidcAccount) {
      accounts.set(account.sub, account);
      current = account;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

/** A Stripe API double: every call is answered 402 and counted (the rehearsal never pays by card). */
export async function startStripeDouble(port: number) {
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    res.writeHead(402, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ error: { type: 'card_error', message: 'Stripe double: no card payments in the rehearsal' } }),
    );
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((r) => server.close(r)) };
}

/** A cookie jar of name → value, fed by Set-Cookie headers. */
export class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): this {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return this;
  }
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** JSON over HTTP with a cookie jar; writes carry the app's public origin (the CSRF check). */
export function api(origin: string) {
  return async (base: string, method: string, url: string, jar: Jar | null, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin }),
        ...(jar ? { cookie: jar.header } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    jar?.take(res);
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json: json as Record<string, unknown> & Array<Record<string, unknown>>, text };
  };
}

/** Follows the provider's redirects (with its own cookies) until it sends the browser back to `appOrigin`. */
export async function authorize(url: string, appOrigin: string): Promise<URL> {
  const jar = new Jar();
  let next = new URL(url);
  for (let i = 0; i < 10; i++) {
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header } });
    jar.take(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the OpenID provider stopped at ${res.status}: ${(await res.text()).slice(0, 200)}`);
    next = new URL(location, next);
    if (next.origin === appOrigin) return next;
  }
  throw new Error('too many redirects at the OpenID provider');
}
