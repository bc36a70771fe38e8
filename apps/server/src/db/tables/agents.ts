/**
 * Tables of what other agents use: avatars' API keys and ERC-8004 feedback. Re-exported by
 * db/schema.ts.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { avatars } from './avatars';
import { createdAt } from './columns';
import { users } from './users';

/**
 * BEYOND (agents): API keys other agents use to call an avatar (MCP / A2A). Only the
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
 * ERC-8004 feedback given through the app ("rate this"): one row per (avatar, user, interaction),
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
