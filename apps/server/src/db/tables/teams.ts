/**
 * Tables of teams of avatars and their members. Re-exported by db/schema.ts.
 */
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { avatars } from './avatars';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

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
