/**
 * Tables of who signs in and what the server keeps about itself: sessions, users, the waitlist and
 * system settings. Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, json, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

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
