/**
 * Waitlist sign-up (SPEC §7 POST /api/waitlist; issue #2 item 2). E-mail unique: signing up twice
 * answers OK and keeps one row.
 */
import { WaitlistEntrySchema } from '@app/domain/waitlist';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { waitlist } from '../../db/schema';

export default async function waitlistRoutes(app: FastifyInstance, opts: { db: Db; perMinute: number }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/waitlist',
      { config: { rateLimit: { max: opts.perMinute, timeWindow: '1 minute' } }, schema: { body: WaitlistEntrySchema } },
      async (req, reply) => {
        const inserted = await opts.db
          .insert(waitlist)
          .values({ email: req.body.email, source: req.body.source })
          .onConflictDoNothing({ target: waitlist.email })
          .returning({ id: waitlist.id });
        return reply.code(inserted.length ? 201 : 200).send({ ok: true });
      },
    );
}
