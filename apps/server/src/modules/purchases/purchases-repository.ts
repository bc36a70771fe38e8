/**
 * SQL of the purchase flows (STYLE: repositories hold SQL). Every sale is written once: the unique
 * keys avatar_editions.transaction_hash / token_id / (avatar_id, edition), skill_transactions.
 * transaction_hash, payments (user_id, idempotency_key) turn a repeated write into "nothing inserted",
 * which the service answers as a replay.
 */
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  avatarEditions,
  avatarSkills,
  avatars,
  paymentEvents,
  payments,
  skillListings,
  skills,
  skillTransactions,
  users,
} from '../../db/schema';
import type { AvatarRow, EditionRow, ListingRow, PaymentRow, SkillTransactionRow } from './purchase-rows';

export type { AvatarRow, EditionRow, ListingRow, PaymentRow, SkillTransactionRow } from './purchase-rows';
/** Sales and the series lock they take (sales-repository.ts), here with the rest of the purchase SQL. */
export { lockAvatar, recordEditionSale, recordSkillSale } from './sales-repository';

/**
 * Open orders: payment states that hold one edition of a series (or the buyer's (avatar, skill)) while
 * the card is charged and the item delivered. The partial unique indexes payments_open_*_order_uq
 * (schema.ts) list the same states: at most one open order per (avatar, skill) and per (buyer, series).
 */
export const RESERVING_STATUSES = ['processing', 'requires_retry', 'requires_payment', 'succeeded'] as const;
/** Open states an order leaves after RESERVATION_MINUTES when nothing was charged yet (`succeeded` never). */
export const EXPIRING_STATUSES = ['processing', 'requires_retry', 'requires_payment'] as const;
/** How long an unfinished card attempt keeps its edition reserved, minutes. */
export const RESERVATION_MINUTES = 15;

/** The user's linked wallet (users module); re-exported for the purchase services. */
export { findUserWallet } from '../users/users-service';

/** The user whose linked wallet is `address` (case-insensitive), or null. */
export async function findUserIdByWallet(db: Db, address: string): Promise<string | null> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.walletAddress}) = ${address.toLowerCase()}`)
    .limit(1);
  return u?.id ?? null;
}

export async function findAvatar(db: Db, id: number): Promise<AvatarRow | null> {
  const [a] = await db.select().from(avatars).where(eq(avatars.id, id)).limit(1);
  return a ?? null;
}

export async function findAvatarByToken(db: Db, tokenId: number): Promise<AvatarRow | null> {
  const [a] = await db.select().from(avatars).where(eq(avatars.tokenId, tokenId)).limit(1);
  return a ?? null;
}

/** The edition row of a token (which series it belongs to). */
export async function findEditionByToken(db: Db, tokenId: number): Promise<EditionRow | null> {
  const [e] = await db.select().from(avatarEditions).where(eq(avatarEditions.tokenId, tokenId)).limit(1);
  return e ?? null;
}

export async function findEditionByTx(db: Db, txHash: string): Promise<EditionRow | null> {
  const [e] = await db
    .select()
    .from(avatarEditions)
    .where(eq(avatarEditions.transactionHash, txHash.toLowerCase()))
    .limit(1);
  return e ?? null;
}

/** Editions of a series recorded so far. */
export async function countEditions(db: Db, avatarId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(avatarEditions).where(eq(avatarEditions.avatarId, avatarId));
  return r?.n ?? 0;
}

/** Card attempts that still hold an edition of the series (see {@link RESERVING_STATUSES}). */
export async function countReservations(db: Db, seriesAvatarId: number, exceptPaymentId?: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(payments)
    .where(
      and(
        eq(payments.seriesAvatarId, seriesAvatarId),
        inArray(payments.status, [...RESERVING_STATUSES]),
        gt(payments.updatedAt, sql`now() - make_interval(mins => ${RESERVATION_MINUTES})`),
        exceptPaymentId ? sql`${payments.id} <> ${exceptPaymentId}` : undefined,
      ),
    );
  return r?.n ?? 0;
}

/**
 * Moves the open orders for the same (buyer's avatar, skill) or (buyer, series) as `order` that were
 * left uncharged for RESERVATION_MINUTES to `expired` (an abandoned tab or a crashed request), so
 * they stop blocking a new order. A Stripe payment that arrives for an expired order is refunded.
 */
export async function expireStaleOrders(
  db: Db,
  order: {
    kind: string;
    userId: string;
    seriesAvatarId: number | null;
    buyerAvatarId: number | null;
    skillId: number | null;
  },
): Promise<void> {
  const same =
    order.kind === 'skill'
      ? and(eq(payments.buyerAvatarId, order.buyerAvatarId!), eq(payments.skillId, order.skillId!))
      : and(eq(payments.userId, order.userId), eq(payments.seriesAvatarId, order.seriesAvatarId!));
  await db
    .update(payments)
    .set({ status: 'expired', failureMessage: 'Left unpaid too long', updatedAt: new Date() })
    .where(
      and(
        eq(payments.kind, order.kind),
        same,
        inArray(payments.status, [...EXPIRING_STATUSES]),
        sql`${payments.updatedAt} <= now() - make_interval(mins => ${RESERVATION_MINUTES})`,
      ),
    );
}

/** The open order (see RESERVING_STATUSES) buying `skillId` for `avatarId`, if any. */
export async function findOpenSkillOrder(db: Db, avatarId: number, skillId: number): Promise<PaymentRow | null> {
  const [p] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'skill'),
        eq(payments.buyerAvatarId, avatarId),
        eq(payments.skillId, skillId),
        inArray(payments.status, [...RESERVING_STATUSES]),
      ),
    )
    .limit(1);
  return p ?? null;
}

export async function findPayment(db: Db, userId: string, idempotencyKey: string): Promise<PaymentRow | null> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)))
    .limit(1);
  return p ?? null;
}

export async function findPaymentById(db: Db, id: number): Promise<PaymentRow | null> {
  const [p] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return p ?? null;
}

export async function findPaymentByProviderId(db: Db, providerPaymentId: string): Promise<PaymentRow | null> {
  const [p] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).limit(1);
  return p ?? null;
}

/**
 * Inserts a payment attempt; null when the (user, key) pair exists already, or another open order
 * holds the same (avatar, skill) / (buyer, series).
 */
export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow | null> {
  const [p] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return p ?? null;
}

/**
 * Updates a payment, only while it is in one of `from` (when given): a compare-and-set, so two
 * requests racing on one attempt cannot both move it. @returns the row, or null when the state moved on
 */
export async function updatePayment(
  db: Db,
  id: number,
  patch: Partial<typeof payments.$inferInsert>,
  from?: readonly string[],
): Promise<PaymentRow | null> {
  const [p] = await db
    .update(payments)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(payments.id, id), from ? inArray(payments.status, [...from]) : undefined))
    .returning();
  return p ?? null;
}

/**
 * Takes over a payment left `processing` since before `olderThan` (a crash cut its request between
 * claim and charge): counts a new attempt and touches it, so one retry at a time wins.
 * @returns the claimed row, or null when it is not processing or was updated since
 */
export async function reclaimStaleProcessing(db: Db, id: number, olderThan: Date): Promise<PaymentRow | null> {
  const [p] = await db
    .update(payments)
    .set({ attempts: sql`${payments.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'processing'), lt(payments.updatedAt, olderThan)))
    .returning();
  return p ?? null;
}

export async function findListing(db: Db, id: number): Promise<ListingRow | null> {
  const [l] = await db.select().from(skillListings).where(eq(skillListings.id, id)).limit(1);
  return l ?? null;
}

export async function findListingByChainId(db: Db, chainListingId: number): Promise<ListingRow | null> {
  const [l] = await db.select().from(skillListings).where(eq(skillListings.chainListingId, chainListingId)).limit(1);
  return l ?? null;
}

/** The cheapest active, unexpired listing of a skill by someone other than `excludeSellerId`. */
export async function cheapestListing(db: Db, skillId: number, excludeSellerId: string): Promise<ListingRow | null> {
  const [l] = await db
    .select()
    .from(skillListings)
    .where(
      and(
        eq(skillListings.skillId, skillId),
        eq(skillListings.isActive, true),
        sql`${skillListings.sellerId} <> ${excludeSellerId}`,
        sql`(${skillListings.expiresAt} is null or ${skillListings.expiresAt} > now())`,
      ),
    )
    .orderBy(skillListings.price, skillListings.id)
    .limit(1);
  return l ?? null;
}

/** Points a listing at a new on-chain listing id, only if it still has `previous` (compare-and-set). */
export async function setChainListingId(
  db: Db,
  id: number,
  previous: number | null,
  next: number | null,
): Promise<boolean> {
  const rows = await db
    .update(skillListings)
    .set({ chainListingId: next })
    .where(
      and(
        eq(skillListings.id, id),
        previous === null ? sql`${skillListings.chainListingId} is null` : eq(skillListings.chainListingId, previous),
      ),
    )
    .returning({ id: skillListings.id });
  return rows.length === 1;
}

/** An avatar's skill row, or null. */
export async function findAvatarSkill(db: Db, avatarId: number, skillId: number) {
  const [s] = await db
    .select()
    .from(avatarSkills)
    .where(and(eq(avatarSkills.avatarId, avatarId), eq(avatarSkills.skillId, skillId)))
    .limit(1);
  return s ?? null;
}

export async function findSkill(db: Db, id: number) {
  const [s] = await db.select().from(skills).where(eq(skills.id, id)).limit(1);
  return s ?? null;
}

export async function findSkillTransactionByTx(db: Db, txHash: string): Promise<SkillTransactionRow | null> {
  const [t] = await db
    .select()
    .from(skillTransactions)
    .where(eq(skillTransactions.transactionHash, txHash.toLowerCase()))
    .limit(1);
  return t ?? null;
}

export async function findSkillTransaction(db: Db, id: number): Promise<SkillTransactionRow | null> {
  const [t] = await db.select().from(skillTransactions).where(eq(skillTransactions.id, id)).limit(1);
  return t ?? null;
}

/** Stores a webhook event once by id; false when it was seen before. */
export async function insertPaymentEvent(
  db: Db,
  id: string,
  type: string,
  intent: { id: string; amountReceived: number; currency: string } | null,
): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values({ id, type, intent }).onConflictDoNothing().returning();
  return rows.length === 1;
}

export async function findPaymentEvent(db: Db, id: string) {
  const [e] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, id)).limit(1);
  return e ?? null;
}

export async function markPaymentEventProcessed(db: Db, id: string, paymentId: number | null): Promise<void> {
  await db.update(paymentEvents).set({ paymentId, processedAt: new Date() }).where(eq(paymentEvents.id, id));
}
