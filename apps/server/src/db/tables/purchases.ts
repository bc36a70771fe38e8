/**
 * Tables of selling and buying: skill listings and transactions, payments, idempotency keys,
 * payment events and the earnings ledger. Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  decimal,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { avatars, skills } from './avatars';
import { createdAt, money, updatedAt } from './columns';
import { users } from './users';

/** SPEC §3 skill_listings. */
export const skillListings = pgTable(
  'skill_listings',
  {
    id: serial('id').primaryKey(),
    sellerId: varchar('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    proficiencyLevel: integer('proficiency_level').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** BEYOND (marketplace): the Marketplace contract's listing id mirroring this row, once listed on chain. */
    chainListingId: integer('chain_listing_id').unique(),
  },
  (t) => [index('skill_listings_skill_idx').on(t.skillId), index('skill_listings_avatar_idx').on(t.avatarId)],
);

/** SPEC §3 skill_transactions. transactionHash unique: a purchase is recorded once (DESIGN §4). */
export const skillTransactions = pgTable(
  'skill_transactions',
  {
    id: serial('id').primaryKey(),
    buyerId: varchar('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: varchar('seller_id')
      .notNull()
      .references(() => users.id),
    listingId: integer('listing_id').references(() => skillListings.id),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id),
    price: money('price').notNull(),
    transactionHash: varchar('transaction_hash').unique(),
    status: varchar('status').notNull().default('pending'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('skill_transactions_buyer_idx').on(t.buyerId),
    index('skill_transactions_seller_idx').on(t.sellerId),
    // An avatar's earnings join its listings to their completed transactions.
    index('skill_transactions_listing_idx').on(t.listingId),
  ],
);

/**
 * BEYOND (card payments): one row per purchase attempt. (userId, idempotencyKey) is unique,
 * so a double click or a retry never charges or fulfils twice; providerPaymentId (Stripe
 * PaymentIntent) and transactionHash (the fulfilling chain write) are unique too. Amounts: wei as a
 * decimal string, USD in whole cents. Status: processing → requires_retry | declined | requires_payment
 * (Stripe, waiting for its webhook) → succeeded → fulfilled, or failed / refunded when fulfilment failed.
 * No card number is stored: only brand and last 4 digits.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: varchar('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: varchar('idempotency_key').notNull(),
    /** avatar (an edition of `seriesAvatarId`) | skill (listing `listingId` into `buyerAvatarId`). */
    kind: varchar('kind').notNull(),
    seriesAvatarId: integer('series_avatar_id').references(() => avatars.id, { onDelete: 'set null' }),
    listingId: integer('listing_id').references(() => skillListings.id, { onDelete: 'set null' }),
    skillId: integer('skill_id').references(() => skills.id, { onDelete: 'set null' }),
    /** The buyer's avatar that gets the skill, or the edition avatar created by an avatar purchase. */
    buyerAvatarId: integer('buyer_avatar_id').references(() => avatars.id, { onDelete: 'set null' }),
    /** sandbox | stripe */
    provider: varchar('provider').notNull(),
    providerPaymentId: varchar('provider_payment_id').unique(),
    amountWei: varchar('amount_wei').notNull(),
    amountUsdCents: integer('amount_usd_cents').notNull(),
    currency: varchar('currency').notNull().default('usd'),
    cardBrand: varchar('card_brand'),
    cardLast4: varchar('card_last4'),
    status: varchar('status').notNull().default('processing'),
    /** Charge attempts under this key (the sandbox's retry card succeeds on the second). */
    attempts: integer('attempts').notNull().default(0),
    failureMessage: text('failure_message'),
    /** The chain write that delivered the purchase (edition mint or setSkill). */
    transactionHash: varchar('transaction_hash').unique(),
    tokenId: integer('token_id'),
    skillTransactionId: integer('skill_transaction_id').references(() => skillTransactions.id, {
      onDelete: 'set null',
    }),
    /**
     * Where the seller's share went: `ledger` (credited to the off-chain earnings ledger);
     * `paid` / `held` on rows from before it (paid in ETH from the platform key).
     */
    payoutStatus: varchar('payout_status'),
    payoutTxHash: varchar('payout_tx_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    // Open reservations of a series' editions are counted under its row lock.
    index('payments_series_status_idx').on(t.seriesAvatarId, t.status),
    // One open order per (buyer's avatar, skill) and per (buyer, series), whatever the
    // idempotency key: a second order is refused (409) before any card is charged. "Open" is
    // RESERVING_STATUSES of modules/purchases/purchases-repository.ts.
    uniqueIndex('payments_open_skill_order_uq')
      .on(t.buyerAvatarId, t.skillId)
      .where(sql`kind = 'skill' and status in ('processing', 'requires_retry', 'requires_payment', 'succeeded')`),
    uniqueIndex('payments_open_edition_order_uq')
      .on(t.userId, t.seriesAvatarId)
      .where(sql`kind = 'avatar' and status in ('processing', 'requires_retry', 'requires_payment', 'succeeded')`),
  ],
);

/**
 * BEYOND (exactly-once purchases): the `Idempotency-Key` of every purchase request, once per (user, key):
 * the SHA-256 fingerprint of the request (route + canonical body without the key) and, once the
 * request reached a final answer, that answer (status code and body), replayed as it was to the same
 * key and body; the same key with another body is refused with 422. `paymentId` links a card order.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: varchar('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key').notNull(),
    /** e.g. `POST /api/purchase-skill`. */
    route: varchar('route').notNull(),
    /** Hex SHA-256 of the route and the canonical JSON of the parsed body (keys sorted, key field left out). */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** The final answer's HTTP status, null while the first request is still running or retryable. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_uq').on(t.userId, t.key)],
);

/**
 * BEYOND (card payments): Stripe webhook events, stored once by event id (webhooks are delivered at
 * least once) with what the fulfilment job needs; the job is enqueued in the same transaction.
 */
export const paymentEvents = pgTable('payment_events', {
  id: varchar('id').primaryKey(),
  type: varchar('type').notNull(),
  /** The PaymentIntent of the event: { id, amountReceived, currency }. */
  intent: jsonb('intent').$type<{ id: string; amountReceived: number; currency: string }>(),
  /** When the fulfilment job handled it. */
  processedAt: timestamp('processed_at', { withTimezone: true }),
  paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * BEYOND (DESIGN §6): the off-chain earnings ledger, double-entry. A card sale's proceeds
 * stay with the platform (no ETH leaves its key) and are recorded here: every journal entry
 * (`entryKey`, e.g. `card-sale:<paymentId>`) is a set of rows whose `amountWei` sum to 0 — the card
 * clearing account gives the price, the seller's account gets its share, the platform its fee, the
 * royalty receiver its royalty; a payout moves a seller's balance out. Balances are sums of rows.
 * Accounts: `user:<id>`, `platform:fees`, `platform:card-clearing`, `royalty:<address>`, `platform:payouts`.
 */
export const earningsLedger = pgTable(
  'earnings_ledger',
  {
    id: serial('id').primaryKey(),
    entryKey: varchar('entry_key').notNull(),
    account: varchar('account').notNull(),
    /** The user of a `user:` account (their dashboard reads by it). */
    userId: varchar('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** sale | fee | royalty | clearing | payout */
    kind: varchar('kind').notNull(),
    /** Signed wei as a decimal integer string (credit +, debit −). */
    amountWei: decimal('amount_wei', { precision: 78, scale: 0 }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    // a journal entry touches each account once: recording it twice inserts nothing
    uniqueIndex('earnings_ledger_entry_account_uq').on(t.entryKey, t.account),
    index('earnings_ledger_user_idx').on(t.userId),
  ],
);
