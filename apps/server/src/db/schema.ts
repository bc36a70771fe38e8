/**
 * Drizzle schema: every entity of SPEC §3 with its defaults, unique keys, foreign keys and indexes.
 * Money columns are decimal(18,8) (SPEC §9, DESIGN §4): read and written as strings, never floats.
 * Columns marked BEYOND are not in the spec; they carry what the real flows need (chain state,
 * sale prices, auth subjects).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  decimal,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => decimal(name, { precision: 18, scale: 8 });

/** SPEC §3 sessions: sid, sess (json), expire. */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);

/** SPEC §3 User. */
export const users = pgTable(
  'users',
  {
    id: varchar('id').primaryKey().default(sql`gen_random_uuid()`),
    email: varchar('email').unique(),
    firstName: varchar('first_name'),
    lastName: varchar('last_name'),
    profileImageUrl: varchar('profile_image_url'),
    walletAddress: varchar('wallet_address').unique(),
    role: varchar('role').notNull().default('user'),
    status: varchar('status').notNull().default('pending'),
    /** BEYOND: who vouches for this identity: `oidc:<issuer>|<sub>`, `dev:<email>`, `siwe:<address>`, `seed:<n>`. */
    authSubject: varchar('auth_subject').unique(),
    /** BEYOND: seeded demo users never count as "the first person to sign in". */
    isDemo: boolean('is_demo').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_created_at_idx').on(t.createdAt)],
);

/**
 * The marketplace lists an avatar while it is active and has a price (issue 5): the predicate of
 * the partial marketplace indexes below; the listing query repeats it verbatim so they apply.
 */
export const MARKET_LISTED = sql`is_active and price_eth is not null`;

/**
 * Joins name and description in `avatars.search_text` (the `E'\\x1f'` of its expression, migration
 * 0014); a search containing it cannot use that column (listing-repository.ts).
 */
export const SEARCH_TEXT_SEPARATOR = '\u001f';

/** One skill of `avatars.skills_card` (built by the SQL function market_refresh, migration 0007). */
export interface MarketSkillCard {
  id: number;
  name: string;
  category: string;
  description: string | null;
  /** `skills.base_price` as text (decimal(18,8)), or null. */
  basePrice: string | null;
  proficiency: number;
  /** `avatar_skills.acquired_at`, ISO-8601 UTC with milliseconds. */
  acquiredAt: string;
  /** Active listings of this skill by this avatar, cheapest first (then by id). */
  listings: { id: number; price: string; expiresAt: string | null }[];
}

/** SPEC §3 Avatar (stored). */
export const avatars = pgTable(
  'avatars',
  {
    id: serial('id').primaryKey(),
    ownerId: varchar('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenId: integer('token_id').unique(),
    contractAddress: varchar('contract_address'),
    name: varchar('name').notNull(),
    description: text('description'),
    agentType: varchar('agent_type').notNull().default('CREATOR'),
    capabilities: jsonb('capabilities').$type<string[]>().notNull().default([]),
    readyPlayerMeUrl: varchar('ready_player_me_url'),
    readyPlayerMeConfig: jsonb('ready_player_me_config').$type<Record<string, unknown>>(),
    personalityTraits: jsonb('personality_traits').$type<string[]>().notNull().default([]),
    walletAddress: varchar('wallet_address'),
    delegationStatus: varchar('delegation_status').notNull().default('NONE'),
    isActive: boolean('is_active').notNull().default(true),
    totalInteractions: integer('total_interactions').notNull().default(0),
    level: integer('level').notNull().default(1),
    experiencePoints: integer('experience_points').notNull().default(0),
    edition: integer('edition').notNull().default(1),
    thumbnailUrl: varchar('thumbnail_url'),
    /** BEYOND (marketplace): editions the avatar may have at most, its sale price, featured flag, category. */
    maxEditions: integer('max_editions').notNull().default(10),
    priceEth: money('price_eth'),
    featured: boolean('featured').notNull().default(false),
    category: varchar('category').notNull().default('creative'),
    /** BEYOND (chain): mint transaction and verification state (`pending` until the mint receipt). */
    mintTxHash: varchar('mint_tx_hash'),
    verificationStatus: varchar('verification_status').notNull().default('pending'),
    /**
     * BEYOND (issue 16 item 5): the owner made the avatar callable by other agents (MCP endpoint and
     * A2A card, listed in its ERC-8004 registration file); calls still need one of its API keys.
     */
    agentPublic: boolean('agent_public').notNull().default(false),
    /**
     * Read model of the marketplace card (issue 15), kept current by the database itself: triggers
     * on avatar_skills, skills and skill_listings (migration 0007_market_read_model) recompute both
     * for the avatars a statement touched, so imports and restores stay right; `npm run db:refresh`
     * recomputes every avatar. Never written by the application.
     * - skillCategories: distinct categories of the avatar's skills (the listing's category filter)
     * - skillsCard: the card's skills, highest proficiency first, then by name, each with its active
     *   listings cheapest first (`expiresAt` is checked when read: expiry is time, not a write)
     */
    skillCategories: text('skill_categories').array().notNull().default(sql`'{}'::text[]`),
    skillsCard: jsonb('skills_card').$type<MarketSkillCard[]>().notNull().default([]),
    /**
     * What the marketplace search matches (issue 15): `lower(name) ‖ U+001F ‖ lower(description)`,
     * computed by the database (a stored generated column), so `search_text LIKE lower('%q%')` is
     * `name ILIKE '%q%' OR description ILIKE '%q%'` (PostgreSQL's ILIKE lowercases both sides) for
     * any q without U+001F — one trigram index instead of two, and a byte-wise LIKE instead of a
     * case-folding ILIKE per row. Never written by the application.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name) || ${sql.raw(`E'\\x1f'`)} || lower(coalesce(description, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('avatars_owner_idx').on(t.ownerId),
    index('avatars_created_at_idx').on(t.createdAt),
    // Marketplace (issue 5): one composite index per sort, partial on what the listing shows (an
    // active avatar with a price), each ending in id so the keyset cursor (sort key, id) is a range
    // scan; scanned backwards for the descending sorts. See modules/marketplace/listing-repository.ts.
    // The featured sort's index also carries what a search or category filter reads (INCLUDE, added
    // by migration 0014: drizzle has no INCLUDE), so a search walks it index-only — see searchWalkQuery.
    index('avatars_market_featured_idx').on(t.featured, t.createdAt, t.id).where(MARKET_LISTED),
    index('avatars_market_price_idx').on(t.priceEth, t.id).where(MARKET_LISTED),
    index('avatars_market_level_idx').on(t.level, t.experiencePoints, t.id).where(MARKET_LISTED),
    index('avatars_market_xp_idx').on(t.experiencePoints, t.id).where(MARKET_LISTED),
    // Trigram index of the search (`search_text LIKE '%q%'`); pg_trgm is created at start-up.
    index('avatars_market_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).where(MARKET_LISTED),
  ],
);

/**
 * BEYOND: every minted edition of an avatar (ERC-721 token), whoever minted or bought it. The
 * avatar row is the series; tokenId and txHash are unique so a mint is recorded once.
 */
export const avatarEditions = pgTable(
  'avatar_editions',
  {
    id: serial('id').primaryKey(),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    tokenId: integer('token_id').notNull().unique(),
    edition: integer('edition').notNull(),
    holderAddress: varchar('holder_address').notNull(),
    /** The app user who minted or bought it, when known. */
    userId: varchar('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** How it came to be: custody | voucher | marketplace | card. */
    source: varchar('source').notNull(),
    priceWei: varchar('price_wei').notNull().default('0'),
    transactionHash: varchar('transaction_hash').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('avatar_editions_avatar_edition_uq').on(t.avatarId, t.edition)],
);

/** SPEC §3 skills. */
export const skills = pgTable('skills', {
  id: serial('id').primaryKey(),
  name: varchar('name').notNull().unique(),
  description: text('description'),
  category: varchar('category').notNull(),
  basePrice: money('base_price'),
  difficulty: integer('difficulty').notNull().default(1),
  prerequisites: jsonb('prerequisites').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

/** SPEC §3 avatar_skills. One row per (avatar, skill). */
export const avatarSkills = pgTable(
  'avatar_skills',
  {
    id: serial('id').primaryKey(),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    proficiency: integer('proficiency').notNull().default(1),
    experiencePoints: integer('experience_points').notNull().default(0),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsed: timestamp('last_used', { withTimezone: true }),
  },
  (t) => [uniqueIndex('avatar_skills_avatar_skill_uq').on(t.avatarId, t.skillId)],
);

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
    /** BEYOND (issue 5): the Marketplace contract's listing id mirroring this row, once listed on chain. */
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
    // issue 5: an avatar's earnings join its listings to their completed transactions.
    index('skill_transactions_listing_idx').on(t.listingId),
  ],
);

/** SPEC §3 training_interactions. */
export const trainingInteractions = pgTable(
  'training_interactions',
  {
    id: serial('id').primaryKey(),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    skillId: integer('skill_id').references(() => skills.id),
    userId: varchar('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    interactionType: varchar('interaction_type').notNull(),
    userInput: text('user_input').notNull(),
    avatarResponse: text('avatar_response'),
    taskCompleted: boolean('task_completed').notNull().default(false),
    successRating: integer('success_rating'),
    experienceGained: integer('experience_gained').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('training_interactions_avatar_created_idx').on(t.avatarId, t.createdAt)],
);

/** SPEC §3 teams. */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    ownerId: varchar('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('teams_owner_idx').on(t.ownerId)],
);

/** SPEC §3 team_members. The same avatar twice in one team is refused by a unique key. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    role: varchar('role'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_team_avatar_uq').on(t.teamId, t.avatarId),
    index('team_members_avatar_idx').on(t.avatarId),
  ],
);

/** SPEC §3 on_chain_tasks. taskId unique: a verification is recorded once. */
export const onChainTasks = pgTable(
  'on_chain_tasks',
  {
    id: serial('id').primaryKey(),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    taskId: varchar('task_id').notNull().unique(),
    taskType: varchar('task_type').notNull(),
    agentType: varchar('agent_type').notNull(),
    taskDescription: text('task_description').notNull(),
    targetContract: varchar('target_contract'),
    functionCalled: varchar('function_called'),
    inputParameters: jsonb('input_parameters').$type<Record<string, unknown>>(),
    transactionHash: varchar('transaction_hash'),
    blockNumber: integer('block_number'),
    gasUsed: varchar('gas_used'),
    status: varchar('status').notNull().default('PENDING'),
    verificationMethod: varchar('verification_method'),
    verificationData: jsonb('verification_data').$type<Record<string, unknown>>(),
    experienceEarned: integer('experience_earned').notNull().default(0),
    /** BEYOND: who asked, and the wallet the record belongs to (history is loaded by wallet). */
    userId: varchar('user_id').references(() => users.id, { onDelete: 'set null' }),
    walletAddress: varchar('wallet_address'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('on_chain_tasks_avatar_idx').on(t.avatarId, t.createdAt),
    index('on_chain_tasks_wallet_idx').on(t.walletAddress, t.createdAt),
  ],
);

/** SPEC §3 waitlist. */
export const waitlist = pgTable('waitlist', {
  id: serial('id').primaryKey(),
  email: varchar('email').notNull().unique(),
  source: varchar('source').notNull().default('landing_page'),
  createdAt: createdAt(),
});

/** BEYOND: key/value facts the server keeps about itself (deployed contract addresses, secrets). */
export const systemSettings = pgTable('system_settings', {
  key: varchar('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * BEYOND (issue 5): card payments, one row per purchase attempt. (userId, idempotencyKey) is unique,
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
     * Where the seller's share went: `ledger` (credited to the off-chain earnings ledger, issue 12);
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
    // issue 12 item 5: one open order per (buyer's avatar, skill) and per (buyer, series), whatever the
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
 * BEYOND (issue 12 item 5): the `Idempotency-Key` of every purchase request, once per (user, key):
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
 * BEYOND (issue 5, 12): Stripe webhook events, stored once by event id (webhooks are delivered at
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
 * BEYOND (issue 12, DESIGN §6): the off-chain earnings ledger, double-entry. A card sale's proceeds
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

/**
 * BEYOND (issue 12, ADR 008): the chain-write outbox. A server-signed chain write is first an intent
 * row, inserted in the same transaction as the business change; the writer (one per signing key)
 * assigns the nonce, stores the signed raw transaction and its hash (status `signed`) BEFORE it
 * broadcasts, and records the receipt (`confirmed` or `reverted` with the reason). `key` is the
 * intent's idempotency key (e.g. `avatar.mint:12`, `task.record:<task key>`): one intent per effect.
 * Status: queued → signed → confirmed | reverted; `failed` when it can never be sent (a dependency
 * reverted, the call reverts in simulation). Amounts: wei as decimal strings.
 */
export const chainIntents = pgTable(
  'chain_intents',
  {
    id: serial('id').primaryKey(),
    key: varchar('key').notNull().unique(),
    /** The handler that builds the call and applies its receipt (see modules/chain-outbox/kinds.ts). */
    kind: varchar('kind').notNull(),
    chainId: integer('chain_id').notNull(),
    /** Lowercase address of the signing key. */
    signer: varchar('signer').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** An intent that must be confirmed before this one is signed (e.g. the mint before a task record). */
    dependsOn: integer('depends_on'),
    status: varchar('status').notNull().default('queued'),
    toAddress: varchar('to_address'),
    data: text('data'),
    valueWei: varchar('value_wei').notNull().default('0'),
    nonce: integer('nonce'),
    rawTx: text('raw_tx'),
    txHash: varchar('tx_hash'),
    blockNumber: integer('block_number'),
    gasUsed: varchar('gas_used'),
    /** What the receipt yielded (e.g. {tokenId, edition}). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Revert reason (status reverted/failed) or the last transient error (RPC down, no gas). */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** How many times the receipt was applied (more than 1 after a rollback re-confirmed it). */
    confirmations: integer('confirmations').notNull().default(0),
    broadcastAt: timestamp('broadcast_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('chain_intents_status_idx').on(t.signer, t.status, t.id),
    uniqueIndex('chain_intents_nonce_uq').on(t.chainId, t.signer, t.nonce),
    uniqueIndex('chain_intents_tx_hash_uq').on(t.txHash),
  ],
);

/** BEYOND (issue 12): the next nonce of each signing key, locked (FOR UPDATE) while a transaction is signed. */
export const chainSigners = pgTable(
  'chain_signers',
  {
    chainId: integer('chain_id').notNull(),
    address: varchar('address').notNull(),
    nextNonce: integer('next_nonce').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('chain_signers_pk').on(t.chainId, t.address)],
);

/**
 * BEYOND (issue 17): dialogue state per user and avatar — facts the user told, current topic, last
 * task (`DialogueMemory` in packages/domain chat.ts) — and where the current conversation starts
 * (`conversationStartId`: exchanges with a smaller id belong to earlier conversations).
 */
export const dialogueStates = pgTable(
  'dialogue_states',
  {
    userId: varchar('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    memory: jsonb('memory').$type<DialogueMemoryRow>().notNull(),
    conversationStartId: integer('conversation_start_id').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.avatarId] })],
);

/** The stored shape of `dialogue_states.memory` (validated by `DialogueMemorySchema` on read). */
export interface DialogueMemoryRow {
  facts: Record<string, unknown>;
  topic: string | null;
  lastTask: Record<string, unknown> | null;
}

/**
 * BEYOND (issue 16 item 5): API keys other agents use to call an avatar (MCP / A2A). Only the
 * SHA-256 of the key is stored; the key itself is shown once, on creation. A key acts as the user
 * who created it, and only while that user still owns the avatar; revoked keys stay for the list.
 */
export const avatarApiKeys = pgTable(
  'avatar_api_keys',
  {
    id: serial('id').primaryKey(),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    userId: varchar('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: varchar('label').notNull(),
    /** hex SHA-256 of the whole key */
    keyHash: varchar('key_hash').notNull().unique(),
    /** first characters of the key, to recognise it in the list */
    prefix: varchar('prefix').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('avatar_api_keys_avatar_idx').on(t.avatarId)],
);

/**
 * ERC-8004 feedback given through the app (issue 16 item 2): one row per (avatar, user, interaction),
 * written before the chain write. `mode` wallet = the user's linked wallet signs `giveFeedback`;
 * relayed = the platform's relayer key sends it for a user without a wallet (the file says so).
 * status: awaiting_signature (wallet) | pending (relayed, in the relayer's outbox) | confirmed | failed.
 */
export const avatarFeedback = pgTable(
  'avatar_feedback',
  {
    id: serial('id').primaryKey(),
    avatarId: integer('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    /** The ERC-8004 agentId rated (the avatar's token). */
    agentId: integer('agent_id').notNull(),
    userId: varchar('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the user did with the avatar: `edition:<tokenId>`, `skill:<skillTransactionId>`, `team:<teamId>`. */
    interaction: varchar('interaction').notNull(),
    /** 0..100, valueDecimals 0. */
    value: integer('value').notNull(),
    tag1: varchar('tag1').notNull(),
    tag2: varchar('tag2').notNull(),
    comment: text('comment'),
    mode: varchar('mode').notNull(),
    /** Lower-case address that gives the feedback on chain (the user's wallet or the relayer). */
    clientAddress: varchar('client_address').notNull(),
    /** The feedback file (served at feedbackURI) exactly as hashed into feedbackHash. */
    file: jsonb('file').$type<Record<string, unknown>>().notNull(),
    feedbackHash: varchar('feedback_hash').notNull(),
    status: varchar('status').notNull(),
    transactionHash: varchar('transaction_hash'),
    error: text('error'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('avatar_feedback_user_interaction_uq').on(t.avatarId, t.userId, t.interaction),
    index('avatar_feedback_avatar_idx').on(t.avatarId, t.status),
  ],
);

/**
 * Read model of the owner figures on marketplace cards (issue 15 goal 1; SPEC §3 owner totalSales and
 * successRate): per owner, completed skill sales as seller, sold editions of their avatars, and
 * CONFIRMED / FAILED tasks of their avatars. Kept current by triggers (migration 0013) and rebuilt by
 * `market_refresh_all()` (`npm run db:refresh`) after a load with triggers off.
 */
export const ownerMarketStats = pgTable('owner_market_stats', {
  ownerId: varchar('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  skillSales: integer('skill_sales').notNull().default(0),
  editionSales: integer('edition_sales').notNull().default(0),
  confirmedTasks: integer('confirmed_tasks').notNull().default(0),
  failedTasks: integer('failed_tasks').notNull().default(0),
});
