/**
 * Waitlist sign-up (SPEC §7 POST /api/waitlist). E-mail unique: signing up twice
 * keeps one row. New and known e-mails get the same answer (202 `{ ok: true }`), so the endpoint
 * does not tell who is on the list.
 */
import { OkSchema } from '@app/domain/api';
import { WaitlistEntrySchema } from '@app/domain/waitlist';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { joinWaitlist } from './waitlist-service';

export default async function waitlistRoutes(app: FastifyInstance, opts: { db: Db; perMinute: number }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/waitlist',
    {
      config: { rateLimit: { max: opts.perMinute, timeWindow: '1 minute' } },
      schema: { body: WaitlistEntrySchema, response: { 202: OkSchema } },
    },
    async (req, reply) => {
      await joinWaitlist(opts.db, req.body);
      return reply.code(202).send({ ok: true });
    },
  );
}
