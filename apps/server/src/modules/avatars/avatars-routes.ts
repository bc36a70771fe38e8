/**
 * Avatars of the signed-in user (SPEC §7 GET /api/avatars).
 */

import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { avatars } from '../../db/schema';

export default async function avatarsRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/api/avatars', { preHandler: app.requireAccess }, async (req) =>
    opts.db.select().from(avatars).where(eq(avatars.ownerId, req.user.id)).orderBy(asc(avatars.id)),
  );
}
