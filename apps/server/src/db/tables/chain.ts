/**
 * Tables of the chain-write outbox: intents and the signing keys' nonces (ADR 008). Re-exported by
 * db/schema.ts.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * BEYOND (ADR 008): the chain-write outbox. A server-signed chain write is first an intent
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

/** BEYOND (ADR 008): the next nonce of each signing key, locked (FOR UPDATE) while a transaction is signed. */
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
