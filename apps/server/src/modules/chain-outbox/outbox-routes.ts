/**
 * The chain outbox on the admin page (ADR 008): GET /api/admin/chain → the signing key's
 * health (balance, low gas, RPC reachable, counts per status, oldest pending, last error) and the
 * newest intents (`limit` ≤ 500, `beforeId` pages back). GET /api/chain/intents/:id → one intent,
 * for a client that holds its id (a 202 answer carries it); only status fields, no raw transaction.
 */
import { AdminChainResponseSchema, type ChainIntent, ChainIntentSchema } from '@app/domain/blockchain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { type IntentRow, intentById, recentIntents } from './outbox-repository';
import type { ChainOutbox } from './outbox-writer';

/** The public view of an intent row (no raw transaction or call data). */
export function toChainIntentJson(row: IntentRow): ChainIntent {
  return {
    id: row.id,
    key: row.key,
    kind: row.kind,
    status: row.status as ChainIntent['status'],
    nonce: row.nonce,
    txHash: row.txHash,
    blockNumber: row.blockNumber,
    gasUsed: row.gasUsed,
    result: row.result ?? null,
    error: row.error,
    attempts: row.attempts,
    confirmations: row.confirmations,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

export default async function outboxRoutes(app: FastifyInstance, opts: { db: Db; outbox: ChainOutbox }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/chain',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(500).default(50),
          beforeId: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: AdminChainResponseSchema },
      },
    },
    async (req) => ({
      health: await opts.outbox.health(),
      intents: (await recentIntents(opts.db, req.query.limit, req.query.beforeId)).map(toChainIntentJson),
    }),
  );
  r.get(
    '/api/chain/intents/:id',
    {
      onRequest: app.requireAccess,
      schema: { params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: ChainIntentSchema } },
    },
    async (req) => {
      const row = await intentById(opts.db, req.params.id);
      if (!row) throw notFound('Chain intent');
      return toChainIntentJson(row);
    },
  );
}
