/**
 * GET /api/earnings — the signed-in seller's off-chain earnings from card sales: balance
 * (sum of their ledger rows) and the latest rows. Shown on the seller's dashboard (/sell).
 */
import { EarningsSchema } from '@app/domain/purchases';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { earningsOf } from './earnings-ledger';

export default async function earningsRoutes(app: FastifyInstance, opts: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/earnings',
      { onRequest: app.requireAccess, schema: { response: { 200: EarningsSchema } } },
      async (req) => earningsOf(opts.db, req.user.id),
    );
}
