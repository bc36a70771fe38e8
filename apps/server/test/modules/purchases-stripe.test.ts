/**
 * Card purchases through Stripe (DESIGN §2 production): a PaymentIntent created with an idempotency
 * key, fulfilment only from a signature-verified webhook (raw body, no CSRF origin check), each event
 * id handled once, amounts checked. Stripe's API is a local test double on 127.0.0.1 (the client is
 * pointed at it by STRIPE_API_BASE); webhooks are signed with the real stripe-node helper.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarEditions, payments } from '../../src/db/schema';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

const WEBHOOK_SECRET = 'whsec_test_secret_for_purchases';

/** A minimal Stripe API: payment intents (idempotent by key) and refunds. */
function fakeStripe() {
  const intents = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, string>();
  const refunds: string[] = [];
  let created = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const url = req.url ?? '';
      if (req.method === 'POST' && url === '/v1/payment_intents') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const known = byKey.get(key);
        if (known) return send(200, intents.get(known));
        const id = `pi_test_${++created}`;
        const pi = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_abc`,
          metadata: { paymentId: form.get('metadata[paymentId]') },
        };
        intents.set(id, pi);
        byKey.set(key, id);
        return send(200, pi);
      }
      const m = /^\/v1\/payment_intents\/([\w]+)$/.exec(url);
      if (req.method === 'GET' && m) {
        const pi = intents.get(m[1]!);
        return pi ? send(200, pi) : send(404, { error: { message: 'No such payment_intent' } });
      }
      if (req.method === 'POST' && url === '/v1/refunds') {
        refunds.push(String(form.get('payment_intent')));
        return send(200, { id: `re_${refunds.length}`, object: 'refund', status: 'succeeded' });
      }
      send(404, { error: { message: `unknown ${req.method} ${url}` } });
    });
  });
  return { server, intents, refunds, created: () => created };
}

let chain: ChainRuntime;
let t: TestApp;
let stripeApi: ReturnType<typeof fakeStripe>;
let server: Server;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  chain = await startTestChain();
  stripeApi = fakeStripe();
  server = stripeApi.server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp(
    {
      RATE_LIMIT_DISABLED: 'true',
      STRIPE_SECRET_KEY: 'sk_test_purchases',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_purchases',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    },
    { chain },
  );
}, 300_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
  await new Promise((resolve) => server?.close(resolve));
});

function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

/** Delivers a webhook as Stripe does: raw JSON, signed, from another origin. */
function deliver(event: object, opts: { secret?: string; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET })
      : opts.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      origin: 'https://hooks.stripe.com',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

const intentEvent = (id: string, type: string, intent: { id: string; amount: number; currency?: string }) => ({
  id,
  object: 'event',
  type,
  data: {
    object: {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_received: type === 'payment_intent.succeeded' ? intent.amount : 0,
      currency: intent.currency ?? 'usd',
      status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
    },
  },
});

async function pricedAvatar(email: string, name: string, priceEth: string) {
  const seller = await signIn(t.app, { email });
  const avatar = (await call('POST', '/api/avatars', seller.cookie, { name, agentType: 'CREATOR' })).json();
  // The series' own mint (edition 1) is a chain-outbox intent: let it confirm first, or
  // its edition row lands in the middle of a test that counts editions.
  expect(await t.app.chainOutbox!.drain()).toBe(true);
  expect((await call('PATCH', `/api/avatars/${avatar.id}/price`, seller.cookie, { priceEth })).statusCode).toBe(200);
  return avatar as { id: number };
}

describe('card purchases through Stripe', () => {
  it('says Stripe serves the card tab and refuses raw card fields', async () => {
    expect((await call('GET', '/api/payments/config')).json()).toEqual({
      card: 'stripe',
      publishableKey: 'pk_test_purchases',
      testCards: [],
    });
    const avatar = await pricedAvatar('st.raw.seller@x.io', 'RAW_CARD', '0.02');
    const buyer = await signIn(t.app, { email: 'st.raw.buyer@x.io' });
    const res = await call('POST', '/api/purchase-avatar', buyer.cookie, {
      avatarId: avatar.id,
      paymentMethod: 'card',
      idempotencyKey: 'raw-card-attempt-1',
      card: { number: '4242424242424242', expiry: '12/39', cvv: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Stripe Elements');
  });

  it('creates one PaymentIntent per attempt and fulfils only from a signed webhook, once', async () => {
    const avatar = await pricedAvatar('st.seller@x.io', 'STRIPE_SERIES', '0.05');
    const buyer = await signIn(t.app, { email: 'st.buyer@x.io' });
    const body = { avatarId: avatar.id, paymentMethod: 'card', idempotencyKey: 'stripe-attempt-0001' };
    const first = await call('POST', '/api/purchase-avatar', buyer.cookie, body);
    expect(first.statusCode, first.body).toBe(202);
    const pending = first.json();
    expect(pending).toMatchObject({ status: 'requires_payment', kind: 'avatar', transactionHash: null });
    expect(pending.clientSecret).toMatch(/^pi_test_\d+_secret_abc$/);
    const again = await call('POST', '/api/purchase-avatar', buyer.cookie, body);
    expect(again.statusCode).toBe(202);
    expect(again.json().clientSecret).toBe(pending.clientSecret);
    expect(stripeApi.created()).toBe(1);

    const status = await call('GET', `/api/purchases/payments/${pending.paymentId}`, buyer.cookie);
    expect(status.json()).toMatchObject({ status: 'requires_payment', result: null });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, pending.paymentId));
    const intent = { id: row!.providerPaymentId!, amount: row!.amountUsdCents };
    // 0.05 ETH at the default 3000 USD/ETH
    expect(intent.amount).toBe(15_000);
    const editionsBefore = await t.database.db
      .select()
      .from(avatarEditions)
      .where(eq(avatarEditions.avatarId, avatar.id));

    // unsigned, wrongly signed: refused, nothing happens
    expect(
      (await deliver(intentEvent('evt_nosig', 'payment_intent.succeeded', intent), { signature: null })).statusCode,
    ).toBe(400);
    expect(
      (await deliver(intentEvent('evt_badsig', 'payment_intent.succeeded', intent), { secret: 'whsec_wrong' }))
        .statusCode,
    ).toBe(400);
    expect((await call('GET', `/api/purchases/payments/${pending.paymentId}`, buyer.cookie)).json().status).toBe(
      'requires_payment',
    );

    // signed (from Stripe's origin: the webhook is exempt from the CSRF origin check)
    const ok = await deliver(intentEvent('evt_ok_1', 'payment_intent.succeeded', intent));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true, duplicate: false });
    await t.app.jobs.drain(); // the webhook only stored the event and enqueued its fulfilment
    const done = (await call('GET', `/api/purchases/payments/${pending.paymentId}`, buyer.cookie)).json();
    expect(done.status).toBe('fulfilled');
    expect(done.result).toMatchObject({ status: 'completed', kind: 'avatar', edition: 2, paymentMethod: 'card' });
    expect(done.result.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);

    // redelivered, and a second event for the same intent: nothing more
    expect((await deliver(intentEvent('evt_ok_1', 'payment_intent.succeeded', intent))).json().duplicate).toBe(true);
    expect((await deliver(intentEvent('evt_ok_2', 'payment_intent.succeeded', intent))).statusCode).toBe(200);
    await t.app.jobs.drain();
    const editionsAfter = await t.database.db
      .select()
      .from(avatarEditions)
      .where(eq(avatarEditions.avatarId, avatar.id));
    expect(editionsAfter.length - editionsBefore.length).toBe(1);
    // the same key now replays the finished purchase
    const replay = await call('POST', '/api/purchase-avatar', buyer.cookie, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().transactionHash).toBe(done.result.transactionHash);
  });

  it('marks a failed intent declined and refuses an amount that does not match', async () => {
    const avatar = await pricedAvatar('st.fail.seller@x.io', 'STRIPE_FAILS', '0.02');
    const buyer = await signIn(t.app, { email: 'st.fail.buyer@x.io' });
    const a = (
      await call('POST', '/api/purchase-avatar', buyer.cookie, {
        avatarId: avatar.id,
        paymentMethod: 'card',
        idempotencyKey: 'stripe-fail-0001',
      })
    ).json();
    // one open order per (buyer, series): the second order is another buyer's
    const buyer2 = await signIn(t.app, { email: 'st.fail.buyer2@x.io' });
    const b = (
      await call('POST', '/api/purchase-avatar', buyer2.cookie, {
        avatarId: avatar.id,
        paymentMethod: 'card',
        idempotencyKey: 'stripe-fail-0002',
      })
    ).json();
    const rowOf = async (id: number) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
    const pa = await rowOf(a.paymentId);
    const pb = await rowOf(b.paymentId);

    await deliver(intentEvent('evt_fail_1', 'payment_intent.payment_failed', { id: pa.providerPaymentId!, amount: 0 }));
    await t.app.jobs.drain();
    expect((await rowOf(a.paymentId)).status).toBe('declined');
    const declined = await call('POST', '/api/purchase-avatar', buyer.cookie, {
      avatarId: avatar.id,
      paymentMethod: 'card',
      idempotencyKey: 'stripe-fail-0001',
    });
    expect(declined.statusCode).toBe(402);

    await deliver(
      intentEvent('evt_short_1', 'payment_intent.succeeded', {
        id: pb.providerPaymentId!,
        amount: pb.amountUsdCents - 1,
      }),
    );
    await t.app.jobs.drain();
    expect((await rowOf(b.paymentId)).status).toBe('failed');
    const editions = await t.database.db.select().from(avatarEditions).where(eq(avatarEditions.avatarId, avatar.id));
    expect(editions).toHaveLength(1); // only the series' own first edition
  });

  it('a paid event stored by a server that died before fulfilling is fulfilled once after restart', async () => {
    const { port } = server.address() as AddressInfo;
    const env = {
      RATE_LIMIT_DISABLED: 'true',
      STRIPE_SECRET_KEY: 'sk_test_purchases',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_purchases',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      JOBS_POLL_SECONDS: '0.5',
    };
    // the first process answers the webhook and dies before any worker ran (JOBS_WORKERS=false)
    const first = await createTestApp({ ...env, JOBS_WORKERS: 'false' }, { chain });
    const database = first.database;
    const seller = await signIn(first.app, { email: 'st.crash.seller@x.io' });
    const avatar = (
      await first.app.inject({
        method: 'POST',
        url: '/api/avatars',
        headers: { cookie: seller.cookie },
        payload: { name: 'CRASH_SERIES', agentType: 'CREATOR' },
      })
    ).json();
    await first.app.inject({
      method: 'PATCH',
      url: `/api/avatars/${avatar.id}/price`,
      headers: { cookie: seller.cookie },
      payload: { priceEth: '0.02' },
    });
    const buyer = await signIn(first.app, { email: 'st.crash.buyer@x.io' });
    const pending = (
      await first.app.inject({
        method: 'POST',
        url: '/api/purchase-avatar',
        headers: { cookie: buyer.cookie },
        payload: { avatarId: avatar.id, paymentMethod: 'card', idempotencyKey: 'stripe-crash-0001' },
      })
    ).json();
    const [row] = await database.db.select().from(payments).where(eq(payments.id, pending.paymentId));
    const event = intentEvent('evt_crash_1', 'payment_intent.succeeded', {
      id: row!.providerPaymentId!,
      amount: row!.amountUsdCents,
    });
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const send = (app: TestApp['app']) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    expect((await send(first.app)).json()).toEqual({ received: true, duplicate: false });
    // Stripe delivers it twice: stored once
    expect((await send(first.app)).json()).toEqual({ received: true, duplicate: true });
    expect(await first.app.jobs.pending()).toBe(1);
    await first.app.close(); // the "crash": the database keeps the stored event and its job

    const second = await createTestApp(env, { chain, database });
    try {
      await second.app.jobs.drain();
      const [paid] = await database.db.select().from(payments).where(eq(payments.id, pending.paymentId));
      expect(paid).toMatchObject({ status: 'fulfilled', payoutStatus: 'ledger' });
      const editions = await database.db.select().from(avatarEditions).where(eq(avatarEditions.avatarId, avatar.id));
      expect(editions).toHaveLength(2); // the series' first edition and the one sold
      // a third delivery after fulfilment changes nothing
      expect((await send(second.app)).json()).toEqual({ received: true, duplicate: true });
      await second.app.jobs.drain();
      expect(
        await database.db.select().from(avatarEditions).where(eq(avatarEditions.avatarId, avatar.id)),
      ).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});
