/**
 * Tables of avatars, their editions and skills, and the figures the marketplace reads from them.
 * Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { createdAt, money, updatedAt } from './columns';
import { users } from './users';

/**
 * The marketplace lists an avatar while it is active and has a price: the predicate of
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
     * BEYOND (agents): the owner made the avatar callable by other agents (MCP endpoint and
     * A2A card, listed in its ERC-8004 registration file); calls still need one of its API keys.
     */
    agentPublic: boolean('agent_public').notNull().default(false),
    /**
     * Read model of the marketplace card (so the listing reads no joins), kept current by the database itself: triggers
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
     * What the marketplace search matches: `lower(name) ‖ U+001F ‖ lower(description)`,
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
    // Marketplace: one composite index per sort, partial on what the listing shows (an
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

/**
 * Read model of the owner figures on marketplace cards (SPEC §3 owner totalSales and
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
