/**
 * Tables of conversations with avatars: training interactions and the dialogue state of each
 * conversation. Re-exported by db/schema.ts.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { avatars, skills } from './avatars';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

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

/**
 * BEYOND (chat memory): dialogue state per user and avatar — facts the user told, current topic, last
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
