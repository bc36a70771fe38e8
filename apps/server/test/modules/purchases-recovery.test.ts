/**
 * Sandbox card purchases cut by a crash: the charge and its delivery job are
 * recorded together, so a purchase whose process died after charging is delivered by the job and a
 * retry under the same key answers with it; a payment left `processing` (claimed, charge outcome not
 * recorded) is taken over by a retry once stale, and refused with 409 while its request may still run.
 * The crash itself is simulated by putting the rows where a killed process leaves them.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarEditions, payments } from '../../src/db/schema';
import { CARD_FULFILMENT_QUEUE } from '../../src/modules/purchases/purchases-service';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { chain });
}, 300_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const nextYear = (new Date().getFullYear() + 1) % 100;
const CARD_OK = { number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvv: '123' };

function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, payload });
}

/** A seller's priced avatar (its own mint confirmed) and a buyer. */
async function sale(tag: string) {
  const seller = await signIn(t.app, { email: `rec.seller.${tag}@x.io` });
  const res = await call('POST', '/api/avatars', seller.cookie, { name: `RECOVER_${tag}`, agentType: 'CREATOR' });
  expect(res.statusCode, res.body).toBe(201);
  expect(await t.app.chainOutbox!.drain()).toBe(true);
  const avatarId = res.json().id as number;
  expect((await call('PATCH', `/api/avatars/${avatarId}/price`, seller.cookie, { priceEth: '0.01' })).statusCode).toBe(
    200,
  );
  const buyer = await signIn(t.app, { email: `rec.buyer.${tag}@x.io` });
  return { avatarId, buyer };
}

const paymentOf = async (key: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.idempotencyKey, key)))[0]!;
const editionsOf = async (avatarId: number) =>
  (await t.database.db.select().from(avatarEditions).where(eq(avatarEditions.avatarId, avatarId))).length;

describe('card purchases cut by a crash', () => {
  it('delivers a paid purchase from its job, and a retry with the same key answers with that delivery', async () => {
    const { avatarId, buyer } = await sale('paid');
    const key = 'recover-paid-0001';
    const body = { avatarId, paymentMethod: 'card', card: CARD_OK, idempotencyKey: key };
    const first = await call('POST', '/api/purchase-avatar', buyer.cookie, body);
    expect(first.statusCode, first.body).toBe(201);
    const editions = await editionsOf(avatarId);

    // A second purchase whose process died right after the charge: the payment is `succeeded` and
    // its delivery job is queued — no edition yet.
    const key2 = 'recover-paid-0002';
    const p1 = await paymentOf(key);
    const [p2] = await t.database.db
      .insert(payments)
      .values({
        userId: p1.userId,
        idempotencyKey: key2,
        kind: 'avatar',
        seriesAvatarId: avatarId,
        provider: 'sandbox',
        providerPaymentId: 'sb_recover_0002',
        amountWei: p1.amountWei,
        amountUsdCents: p1.amountUsdCents,
        cardBrand: 'Visa',
        cardLast4: '4242',
        status: 'succeeded',
        attempts: 1,
      })
      .returning();
    await t.app.jobs.send(CARD_FULFILMENT_QUEUE, { paymentId: p2!.id }, { singletonKey: `payment:${p2!.id}` });

    const retry = await call('POST', '/api/purchase-avatar', buyer.cookie, { ...body, idempotencyKey: key2 });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toMatchObject({ status: 'completed', kind: 'avatar', paymentId: p2!.id });
    expect(await editionsOf(avatarId)).toBe(editions + 1);
    expect((await paymentOf(key2)).status).toBe('fulfilled');

    // the job ran once: a replay changes nothing
    await t.app.jobs.drain([CARD_FULFILMENT_QUEUE]);
    const replay = await call('POST', '/api/purchase-avatar', buyer.cookie, { ...body, idempotencyKey: key2 });
    // the first answer again, status included (Idempotency-Key semantics)
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().transactionHash).toBe(retry.json().transactionHash);
    expect(await editionsOf(avatarId)).toBe(editions + 1);
  });

  it('refuses a retry while the first request may still run, and takes over a stale processing payment', async () => {
    const { avatarId, buyer } = await sale('stale');
    const key = 'recover-stale-0001';
    const body = { avatarId, paymentMethod: 'card', card: CARD_OK, idempotencyKey: key };
    const done = await call('POST', '/api/purchase-avatar', buyer.cookie, body);
    expect(done.statusCode, done.body).toBe(201);
    const editions = await editionsOf(avatarId);

    // Where a process killed between claim and charge leaves a payment: `processing`, no charge.
    const key2 = 'recover-stale-0002';
    const p1 = await paymentOf(key);
    await t.database.db.insert(payments).values({
      userId: p1.userId,
      idempotencyKey: key2,
      kind: 'avatar',
      seriesAvatarId: avatarId,
      provider: 'sandbox',
      amountWei: p1.amountWei,
      amountUsdCents: p1.amountUsdCents,
      status: 'processing',
      attempts: 1,
    });
    const busy = await call('POST', '/api/purchase-avatar', buyer.cookie, { ...body, idempotencyKey: key2 });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toBe('This payment is already being processed');
    expect(await editionsOf(avatarId)).toBe(editions);

    await t.database.db
      .update(payments)
      .set({ updatedAt: sql`now() - interval '1 minute'` })
      .where(eq(payments.idempotencyKey, key2));
    const retry = await call('POST', '/api/purchase-avatar', buyer.cookie, { ...body, idempotencyKey: key2 });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toMatchObject({ status: 'completed', card: 'Visa •••• 4242' });
    expect(await editionsOf(avatarId)).toBe(editions + 1);
    expect(await paymentOf(key2)).toMatchObject({ status: 'fulfilled', attempts: 2 });
  });
});
