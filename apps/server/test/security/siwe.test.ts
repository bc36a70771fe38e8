/**
 * Sign-In with Ethereum (EIP-4361) messages are checked field by field against
 * configuration — domain and uri from PUBLIC_URL (never the Host header), the chain id, issuedAt /
 * expirationTime / notBefore within a small clock skew, and a single-use nonce bound to the session.
 */
import { createWalletClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;
const PUBLIC = 'https://avatars.example';

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ PUBLIC_URL: PUBLIC }, { chain });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const account = privateKeyToAccount(generatePrivateKey());

/** A fresh session with a nonce; the nonce route says which domain/uri/chain to sign for. */
async function nonce(host = 'avatars.example') {
  const res = await t.app.inject({ url: '/api/wallet/nonce', headers: { host } });
  return { ...res.json(), cookie: sessionCookie(res.headers['set-cookie']) } as {
    nonce: string;
    domain: string;
    uri: string;
    chainId: number;
    cookie: string;
  };
}

async function siweLogin(
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  opts: { host?: string; cookie?: string; nonce?: string } = {},
) {
  const n = await nonce(opts.host);
  const message = createSiweMessage({
    address: account.address,
    chainId: anvil.id,
    domain: 'avatars.example',
    nonce: opts.nonce ?? n.nonce,
    uri: PUBLIC,
    version: '1',
    issuedAt: new Date(),
    ...overrides,
  });
  const signer = createWalletClient({ account, chain: anvil, transport: http(chain.rpcUrl) });
  const signature = await signer.signMessage({ message });
  return t.app.inject({
    method: 'POST',
    url: '/api/login/siwe',
    headers: { cookie: opts.cookie ?? n.cookie, host: opts.host ?? 'avatars.example' },
    payload: { message, signature },
  });
}

describe('SIWE message validation', () => {
  it('the nonce route names the configured origin, not the Host header', async () => {
    const n = await nonce('evil.example');
    expect(n.domain).toBe('avatars.example');
    expect(n.uri).toBe(PUBLIC);
    expect(n.chainId).toBe(anvil.id);
  });

  it('accepts a well-formed message for the configured origin', async () => {
    const res = await siweLogin();
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a wrong chainId', async () => {
    expect((await siweLogin({ chainId: 1 })).statusCode).toBe(400);
  });

  it('refuses a foreign uri', async () => {
    expect((await siweLogin({ uri: 'https://evil.example/login' })).statusCode).toBe(400);
  });

  it('refuses an issuedAt in the future (beyond the clock skew) or too old', async () => {
    expect((await siweLogin({ issuedAt: new Date(Date.now() + 10 * 60_000) })).statusCode).toBe(400);
    expect((await siweLogin({ issuedAt: new Date(Date.now() - 24 * 3600_000) })).statusCode).toBe(400);
  });

  it('refuses an expired message and one not yet valid', async () => {
    expect((await siweLogin({ expirationTime: new Date(Date.now() - 10 * 60_000) })).statusCode).toBe(400);
    expect((await siweLogin({ notBefore: new Date(Date.now() + 10 * 60_000) })).statusCode).toBe(400);
  });

  it('refuses a message for the Host header’s domain instead of the configured one', async () => {
    const res = await siweLogin({ domain: 'evil.example', uri: 'http://evil.example' }, { host: 'evil.example' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a nonce issued to another session, and a replayed one', async () => {
    const other = await nonce();
    expect((await siweLogin({}, { nonce: other.nonce })).statusCode).toBe(400);
    // single use: the other session's nonce was not consumed by the failed attempt, but is after its own use
    const n = await nonce();
    const message = createSiweMessage({
      address: account.address,
      chainId: anvil.id,
      domain: 'avatars.example',
      nonce: n.nonce,
      uri: PUBLIC,
      version: '1',
      issuedAt: new Date(),
    });
    const signature = await account.signMessage({ message });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/siwe',
        headers: { cookie: n.cookie },
        payload: { message, signature },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(400);
  });
});
