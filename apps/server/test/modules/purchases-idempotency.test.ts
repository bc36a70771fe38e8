/**
 * Exactly once, by key and across processes: the same Idempotency-Key and body replay the first
 * answer, the same key with another body answers 422; an open order blocks a second one whatever its
 * key, until it ends or expires; two app instances on one database make one charge and one effect.
 * Runs on PGlite, and on PostgreSQL with TEST_DB_DRIVER=postgres.
 */
import { and, eq, sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { avatarSkills, idempotencyKeys, payments, skillTransactions } from '../../src/db/schema';
import { createTestApp, usePostgres } from '../helpers/app';

import {
  buyerPayments,
  CARD_OK,
  call,
  chain,
  createAvatar,
  listedSkill,
  newKey,
  statusCounts,
  TEN,
  t,
  useOnceApp,
  user,
} from '../helpers/purchases-once';

useOnceApp();

describe('the Idempotency-Key header', () => {
  it('same key and body: the first answer again; same key, another body: 422 and nothing changes', async () => {
    const seller = await user('key.seller@x.io');
    const buyer = await user('key.buyer@x.io');
    const { skillId, listingId } = await listedSkill(seller, 'Keyed Skill');
    const student = await createAvatar(buyer.cookie, 'KEY_STUDENT');
    const other = await createAvatar(buyer.cookie, 'KEY_OTHER');
    const key = newKey();
    const body = { skillId, avatarId: student.id, listingId, paymentMethod: 'card', card: CARD_OK };
    const first = await call(t, '/api/purchase-skill', buyer.cookie, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const [stored] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, buyer.user.id), eq(idempotencyKeys.key, key)));
    expect(stored).toMatchObject({
      route: 'POST /api/purchase-skill',
      responseStatus: 201,
      paymentId: first.json().paymentId,
    });
    expect(stored!.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    // a later change of the avatar's skill does not change the replayed answer
    await t.database.db
      .update(avatarSkills)
      .set({ proficiency: 95 })
      .where(and(eq(avatarSkills.avatarId, student.id), eq(avatarSkills.skillId, skillId)));
    const again = await call(t, '/api/purchase-skill', buyer.cookie, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    // the key in the body (the web client of before) is the same key
    const inBody = await call(t, '/api/purchase-skill', buyer.cookie, { ...body, idempotencyKey: key });
    expect(inBody.statusCode).toBe(201);
    expect(inBody.body).toBe(first.body);

    const before = { payments: (await buyerPayments(buyer.user.id)).length };
    const changed = await call(t, '/api/purchase-skill', buyer.cookie, { ...body, avatarId: other.id }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error).toContain('Idempotency-Key');
    const otherRoute = await call(
      t,
      '/api/purchase-avatar',
      buyer.cookie,
      { avatarId: student.id, paymentMethod: 'card', card: CARD_OK },
      key,
    );
    expect(otherRoute.statusCode).toBe(422);
    expect((await buyerPayments(buyer.user.id)).length).toBe(before.payments);
    const skillsOfOther = await t.database.db.select().from(avatarSkills).where(eq(avatarSkills.avatarId, other.id));
    expect(skillsOfOther).toHaveLength(0);

    // header and body disagree, or a malformed header: 400
    const clash = await call(t, '/api/purchase-skill', buyer.cookie, { ...body, idempotencyKey: newKey() }, newKey());
    expect(clash.statusCode).toBe(400);
    const bad = await call(t, '/api/purchase-skill', buyer.cookie, body, 'no spaces allowed');
    expect(bad.statusCode).toBe(400);
  });

  it('an open order blocks another order for the same avatar and skill whatever the key, until it expires', async () => {
    const seller = await user('open.seller@x.io');
    const buyer = await user('open.buyer@x.io', { wallet: true });
    const { skillId, listingId } = await listedSkill(seller, 'Open Order Skill');
    const student = await createAvatar(buyer.cookie, 'OPEN_STUDENT');
    // an order another tab opened and has not finished (nothing charged yet)
    const [open] = await t.database.db
      .insert(payments)
      .values({
        userId: buyer.user.id,
        idempotencyKey: newKey(),
        kind: 'skill',
        listingId,
        skillId,
        buyerAvatarId: student.id,
        provider: 'sandbox',
        amountWei: parseEther('0.01').toString(),
        amountUsdCents: 3000,
        status: 'processing',
      })
      .returning();
    const body = { skillId, avatarId: student.id, listingId, paymentMethod: 'card', card: CARD_OK };
    const blocked = await call(t, '/api/purchase-skill', buyer.cookie, body, newKey());
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toContain('already open');
    const prepare = await call(t, '/api/purchases/skill/prepare', buyer.cookie, {
      skillId,
      avatarId: student.id,
      listingId,
    });
    expect(prepare.statusCode).toBe(409);
    expect(await buyerPayments(buyer.user.id)).toHaveLength(1);
    // the abandoned order expires after RESERVATION_MINUTES; then a new order goes through
    await t.database.db
      .update(payments)
      .set({ updatedAt: sql`now() - interval '16 minutes'` })
      .where(eq(payments.id, open!.id));
    const ok = await call(t, '/api/purchase-skill', buyer.cookie, body, newKey());
    expect(ok.statusCode, ok.body).toBe(201);
    const [expired] = await t.database.db.select().from(payments).where(eq(payments.id, open!.id));
    expect(expired!.status).toBe('expired');
  });
});

describe('two app instances on one database', () => {
  it('ten concurrent card purchases of one skill spread over both: one charge, one effect', async () => {
    const second = usePostgres ? await openDatabase({ url: (t.database as { url?: string }).url! }) : null;
    const u = await createTestApp(
      { RATE_LIMIT_DISABLED: 'true' },
      { chain, database: second ?? { ...t.database, close: async () => {} } },
    );
    try {
      const seller = await user('two.seller@x.io');
      const buyer = await user('two.buyer@x.io');
      const { skillId, listingId } = await listedSkill(seller, 'Two Instances Skill');
      const student = await createAvatar(buyer.cookie, 'TWO_STUDENT');
      const body = { skillId, avatarId: student.id, listingId, paymentMethod: 'card', card: CARD_OK };
      const res = await Promise.all(
        Array.from({ length: TEN }, (_, i) => call(i % 2 ? u : t, '/api/purchase-skill', buyer.cookie, body, newKey())),
      );
      expect(statusCounts(res.map((r) => r.statusCode)), res.map((r) => r.body).join('\n')).toEqual({
        201: 1,
        409: 9,
      });
      const rows = await buyerPayments(buyer.user.id);
      expect(rows.map((p) => p.status)).toEqual(['fulfilled']);
      const sales = await t.database.db
        .select()
        .from(skillTransactions)
        .where(eq(skillTransactions.avatarId, student.id));
      expect(sales).toHaveLength(1);
    } finally {
      await u.close(); // closes `second` on PostgreSQL; PGlite's shared instance stays open
      // the second app took over the shared chain service's outbox: give it back to the first
      chain.service.outbox = t.app.chainOutbox ?? null;
    }
  });
});
