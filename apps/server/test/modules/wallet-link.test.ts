/**
 * Linking a wallet with Sign-In with Ethereum (claiming a custody-held avatar NFT) and the JSON-RPC
 * proxy the browser's wallet code talks to (src/modules/blockchain/wallet-service.ts, blockchain-routes.ts).
 */
import { createWalletClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarNftAbi } from '../../src/providers/chain/abis';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { linkWallet, signInWithMintedAvatar, startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({}, { chain });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

describe('wallet linking (Sign-In with Ethereum)', () => {
  it('links a wallet proven by a signed message, single-use nonce, then claims custody', async () => {
    const { cookie, avatar } = await signInWithMintedAvatar(t, 'siwe@x.io');
    const account = privateKeyToAccount(generatePrivateKey());
    const signer = createWalletClient({ account, chain: anvil, transport: http(chain.rpcUrl) });
    const { link, message, signature } = await linkWallet(t.app, cookie, account.address, (m) =>
      signer.signMessage({ message: m }),
    );
    expect(link.statusCode).toBe(200);
    expect(link.json().walletAddress).toBe(account.address.toLowerCase());
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/link',
      headers: { cookie },
      payload: { message, signature },
    });
    expect(replay.statusCode).toBe(400);

    // The linked wallet can now sign in by itself (Sign-In with Ethereum) as the same account.
    const n2 = (await t.app.inject({ url: '/api/wallet/nonce' })).json();
    const cookieN = String((await t.app.inject({ url: '/api/wallet/nonce' })).headers['set-cookie']).split(';')[0]!;
    const n3 = (await t.app.inject({ url: '/api/wallet/nonce', headers: { cookie: cookieN } })).json();
    const msg2 = createSiweMessage({
      address: account.address,
      chainId: anvil.id,
      domain: n3.domain,
      nonce: n3.nonce,
      uri: `http://${n3.domain}`,
      version: '1',
    });
    const siwe = await t.app.inject({
      method: 'POST',
      url: '/api/login/siwe',
      headers: { cookie: cookieN },
      payload: { message: msg2, signature: await signer.signMessage({ message: msg2 }) },
    });
    expect(siwe.statusCode, siwe.body).toBe(200);
    expect(siwe.json().id).toBe(link.json().id);
    expect(n2.nonce).not.toBe(n3.nonce);

    const claim = await t.app.inject({ method: 'POST', url: `/api/avatars/${avatar.id}/claim`, headers: { cookie } });
    expect(claim.statusCode).toBe(200);
    expect(await chain.service.ownerOf(avatar.tokenId!)).toBe(account.address);
    const [receiver] = (await chain.service.publicClient.readContract({
      address: chain.service.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'royaltyInfo',
      args: [BigInt(avatar.tokenId!), 10_000n],
    })) as [string, bigint];
    expect(receiver).toBe(account.address);
  });

  it('refuses a signature from another key', async () => {
    const { cookie } = await signIn(t.app, { email: 'forge@x.io' });
    const claimed = privateKeyToAccount(generatePrivateKey());
    const actual = privateKeyToAccount(generatePrivateKey());
    const { nonce, domain } = (await t.app.inject({ url: '/api/wallet/nonce', headers: { cookie } })).json();
    const message = createSiweMessage({
      address: claimed.address,
      chainId: anvil.id,
      domain,
      nonce,
      uri: `http://${domain}`,
      version: '1',
    });
    const signature = await actual.signMessage({ message });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/link',
      headers: { cookie },
      payload: { message, signature },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('JSON-RPC proxy', () => {
  it('forwards reads and refuses dangerous methods', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/chain/rpc',
      payload: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
    });
    expect(ok.json().result).toBe('0x7a69');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/chain/rpc',
      payload: { jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [] },
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().error).toMatchObject({ code: -32601 });
  });
});
