/**
 * "Rate this": eligibility, giving a rating (wallet-signed or relayed), confirming
 * a wallet-signed one, the feedback file at its feedbackURI, and the avatar's ERC-8004 summary.
 * Schemas only; the work is in reputation-service.ts.
 */
import { ApiErrorSchema, IdParamSchema } from '@app/domain/api';
import { TxHashSchema } from '@app/domain/blockchain';
import {
  FeedbackEligibilitySchema,
  FeedbackRequestSchema,
  FeedbackSchema,
  ReputationSummarySchema,
} from '@app/domain/reputation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Hex } from 'viem';
import { z } from 'zod';
import { json } from '../../lib/api-responses';
import type { ReputationService } from './reputation-service';

export default async function reputationRoutes(app: FastifyInstance, opts: { reputation: ReputationService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reputation } = opts;
  const errors = { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

  r.get(
    '/api/avatars/:id/feedback',
    {
      onRequest: app.requireAccess,
      schema: { params: IdParamSchema, response: { 200: FeedbackEligibilitySchema, ...errors } },
    },
    async (req) => reputation.eligibility(req.params.id, req.user.id),
  );

  r.post(
    '/api/avatars/:id/feedback',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        params: IdParamSchema,
        body: FeedbackRequestSchema,
        response: { 201: FeedbackSchema, 503: ApiErrorSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await reputation.give(req.params.id, req.user.id, req.body)),
  );

  r.post(
    '/api/feedback/:id/confirm',
    {
      onRequest: app.requireAccess,
      schema: {
        params: IdParamSchema,
        body: z.object({ txHash: TxHashSchema }),
        response: { 200: FeedbackSchema, ...errors },
      },
    },
    async (req) => reputation.confirmWallet(req.params.id, req.user.id, req.body.txHash as Hex),
  );

  // The feedback file: the exact canonical JSON hashed into feedbackHash (ERC-8004 feedbackURI).
  r.get(
    '/api/feedback/:id',
    {
      schema: {
        params: IdParamSchema,
        response: {
          200: json(
            z.record(z.string(), z.unknown()),
            'The ERC-8004 feedback file: the exact canonical JSON bytes hashed into feedbackHash.',
          ),
        },
      },
    },
    async (req, reply) => reply.type('application/json').send(await reputation.file(req.params.id)),
  );

  r.get(
    '/api/avatars/:id/reputation',
    { schema: { params: IdParamSchema, response: { 200: ReputationSummarySchema, 404: ApiErrorSchema } } },
    async (req) => reputation.summary(req.params.id),
  );
}
