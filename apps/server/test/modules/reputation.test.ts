/**
 * "Rate this": only people who used an avatar rate it (here: edition buyers), never
 * its owner; without a wallet the platform's relayer key sends the ERC-8004 `giveFeedback` through its
 * own outbox, marked as relayed; with a linked wallet the user's wallet signs and the server checks the
 * receipt; the summary shown is `getSummary` over the verified clients.
 */
import { createWalletClient, type Hex, http, keccak256, parseEther, stringToHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reputationRegistryAbi } from '../../src/providers/chain/abis';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { chain });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const nextYear = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
const CARD_OK = { number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvv: '123' };
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

/** Links a fresh funded wallet to the signed-in user through SIWE. */
async function linkWallet(cookie: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = createWalletClient({ account, chain: anvil, transport: http(chain.rpcUrl) });
  const { nonce, domain } = (await call('GET', '/api/wallet/nonce', cookie)).json();
  const message = createSiweMessage({
    address: account.address,
    chainId: anvil.id,
    domain,
    nonce,
    uri: `http://${domain}`,
    version: '1',
  });
  const res = await call('POST', '/api/wallet/link', cookie, {
    message,
    signature: await wallet.signMessage({ message }),
  });
  expect(res.statusCode, res.body).toBe(200);
  await chain.service.publicClient.request({
    method: 'anvil_setBalance' as never,
    params: [account.address, `0x${parseEther('10').toString(16)}`] as never,
  });
  return { account, wallet };
}

async function buyEdition(cookie: string, avatarId: number) {
  const res = await call('POST', '/api/purchase-avatar', cookie, {
    avatarId,
    paymentMethod: 'card',
    card: CARD_OK,
    idempotencyKey: `rate-${avatarId}-${Date.now()}-${Math.floor(Math.random() * 1e9)}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { tokenId: number };
}

describe('rate this (ERC-8004 feedback)', () => {
  it('relays a rating for a buyer without a wallet, refuses owner, strangers, repeats and bad values', async () => {
    const owner = await signIn(t.app, { email: 'rated.owner@x.io' });
    const buyer = await signIn(t.app, { email: 'rater.nowallet@x.io' });
    const stranger = await signIn(t.app, { email: 'rater.stranger@x.io' });
    const created = await call('POST', '/api/avatars', owner.cookie, { name: 'RATED_ONE' });
    const avatarId = created.json().id as number;
    expect(await t.app.chainOutbox!.drain()).toBe(true);
    await call('PATCH', `/api/avatars/${avatarId}/price`, owner.cookie, { priceEth: '0.01' });
    const { tokenId } = await buyEdition(buyer.cookie, avatarId);

    const ownerView = (await call('GET', `/api/avatars/${avatarId}/feedback`, owner.cookie)).json();
    expect(ownerView).toMatchObject({ canRate: false, reason: expect.stringMatching(/own avatar/) });
    const strangerView = (await call('GET', `/api/avatars/${avatarId}/feedback`, stranger.cookie)).json();
    expect(strangerView).toMatchObject({ canRate: false, interactions: [] });
    const view = (await call('GET', `/api/avatars/${avatarId}/feedback`, buyer.cookie)).json();
    expect(view).toMatchObject({
      canRate: true,
      mode: 'relayed',
      interactions: [{ ref: `edition:${tokenId}`, rated: false }],
    });

    const ref = `edition:${tokenId}`;
    expect(
      (await call('POST', `/api/avatars/${avatarId}/feedback`, owner.cookie, { interaction: ref, value: 100 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/avatars/${avatarId}/feedback`, stranger.cookie, { interaction: ref, value: 100 }))
        .statusCode,
    ).toBe(403);
    for (const bad of [
      { interaction: ref, value: 101 },
      { interaction: ref, value: 5.5 },
      { interaction: 'edition:abc', value: 5 },
      { value: 50 },
    ]) {
      expect(
        (await call('POST', `/api/avatars/${avatarId}/feedback`, buyer.cookie, bad)).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    }

    const given = await call('POST', `/api/avatars/${avatarId}/feedback`, buyer.cookie, {
      interaction: ref,
      value: 80,
      comment: 'Great art.',
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({ mode: 'relayed', status: 'pending', value: 80, call: null });
    expect(
      (await call('POST', `/api/avatars/${avatarId}/feedback`, buyer.cookie, { interaction: ref, value: 10 }))
        .statusCode,
    ).toBe(409);

    expect(await t.app.feedbackRelayer!.drain()).toBe(true);
    const after = (await call('GET', `/api/avatars/${avatarId}/feedback`, buyer.cookie)).json();
    expect(after.given[0]).toMatchObject({
      status: 'confirmed',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(after.canRate).toBe(false);

    // On chain: from the relayer (not the owner), the hash of the file served at feedbackURI.
    const relayer = after.given[0].clientAddress as Hex;
    expect(relayer.toLowerCase()).not.toBe(chain.service.account.toLowerCase());
    const agentId = (await call('GET', `/api/avatars/${avatarId}`, owner.cookie)).json().tokenId as number;
    const onChain = await chain.service.publicClient.readContract({
      address: chain.service.addresses.reputationRegistry,
      abi: reputationRegistryAbi,
      functionName: 'readFeedback',
      args: [BigInt(agentId), relayer, 1n],
    });
    expect(onChain).toEqual([80n, 0, 'rating', 'edition', false]);
    const fileRes = await call('GET', `/api/feedback/${given.json().id}`);
    const file = JSON.parse(fileRes.body);
    expect(file).toMatchObject({
      value: 80,
      signedBy: expect.stringMatching(/relayer on behalf of a user without a wallet/),
    });
    const logs = await chain.service.publicClient.getContractEvents({
      address: chain.service.addresses.reputationRegistry,
      abi: reputationRegistryAbi,
      eventName: 'NewFeedback',
    });
    expect(
      logs.some((l) => (l.args as { feedbackHash: Hex }).feedbackHash === keccak256(stringToHex(fileRes.body))),
    ).toBe(true);

    const summary = (await call('GET', `/api/avatars/${avatarId}/reputation`)).json();
    expect(summary).toMatchObject({ count: 1, average: 80, clients: 1 });
  });

  it('lets a buyer with a linked wallet sign it; the summary counts both verified clients', async () => {
    const owner = await signIn(t.app, { email: 'rated2.owner@x.io' });
    const relayed = await signIn(t.app, { email: 'rater2.nowallet@x.io' });
    const signer = await signIn(t.app, { email: 'rater2.wallet@x.io' });
    const { wallet } = await linkWallet(signer.cookie);
    const created = await call('POST', '/api/avatars', owner.cookie, { name: 'RATED_TWO' });
    const avatarId = created.json().id as number;
    expect(await t.app.chainOutbox!.drain()).toBe(true);
    await call('PATCH', `/api/avatars/${avatarId}/price`, owner.cookie, { priceEth: '0.01' });
    const a = await buyEdition(relayed.cookie, avatarId);
    const b = await buyEdition(signer.cookie, avatarId);

    await call('POST', `/api/avatars/${avatarId}/feedback`, relayed.cookie, {
      interaction: `edition:${a.tokenId}`,
      value: 100,
    });
    expect(await t.app.feedbackRelayer!.drain()).toBe(true);

    const res = await call('POST', `/api/avatars/${avatarId}/feedback`, signer.cookie, {
      interaction: `edition:${b.tokenId}`,
      value: 60,
    });
    expect(res.statusCode, res.body).toBe(201);
    const pending = res.json();
    expect(pending).toMatchObject({ mode: 'wallet', status: 'awaiting_signature' });
    expect(pending.clientAddress).toBe(wallet.account.address.toLowerCase());
    const [agentId, value, decimals, tag1, tag2, endpoint, uri, hash] = pending.call.args;
    const txHash = await wallet.writeContract({
      address: pending.call.address,
      abi: reputationRegistryAbi,
      functionName: 'giveFeedback',
      args: [BigInt(agentId), BigInt(value), decimals, tag1, tag2, endpoint, uri, hash],
    });
    await chain.service.publicClient.waitForTransactionReceipt({ hash: txHash });
    // Someone else's transaction does not confirm it.
    expect((await call('POST', `/api/feedback/${pending.id}/confirm`, relayed.cookie, { txHash })).statusCode).toBe(
      404,
    );
    const confirmed = await call('POST', `/api/feedback/${pending.id}/confirm`, signer.cookie, { txHash });
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', transactionHash: txHash });

    const summary = (await call('GET', `/api/avatars/${avatarId}/reputation`)).json();
    expect(summary).toMatchObject({ count: 2, average: 80, clients: 2 });
  });
});
