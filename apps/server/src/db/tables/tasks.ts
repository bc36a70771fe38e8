/**
 * Tables of agent tasks and their on-chain verification. Re-exported by db/schema.ts.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { avatars } from './avatars';
import { createdAt } from './columns';
import { users } from './users';

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
