/**
 * Avatars of the signed-in user (SPEC §7 GET/POST /api/avatars; GET /api/avatars/:id for the
 * avatar chat page). Creation is owned by the signed-in user; another user's avatar is 403.
 */
import { IdParamSchema } from '@app/domain/api';
import { CreateAvatarSchema } from '@app/domain/avatar';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import {
  type CreateAvatarHooks,
  createAvatar,
  listOwnedAvatars,
  loadOwnedAvatar,
  skillsByAvatar,
  toAvatarJson,
} from './avatars-service';

export interface AvatarsRoutesOptions {
  db: Db;
  hooks: CreateAvatarHooks;
  /** Runs after an avatar is created (the chain module mints it); its failure is logged, not fatal. */
  afterCreate?: (avatarId: number, ownerId: string) => Promise<void>;
}

export default async function avatarsRoutes(app: FastifyInstance, opts: AvatarsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get('/api/avatars', { onRequest: app.requireAccess }, async (req) => listOwnedAvatars(db, req.user.id));

  r.get('/api/avatars/:id', { onRequest: app.requireAccess, schema: { params: IdParamSchema } }, async (req) => {
    const row = await loadOwnedAvatar(db, req.params.id, req.user.id);
    return toAvatarJson(row, (await skillsByAvatar(db, [row.id])).get(row.id));
  });

  r.post(
    '/api/avatars',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: CreateAvatarSchema },
    },
    async (req, reply) => {
      const row = await createAvatar(db, req.user.id, req.body, opts.hooks);
      if (opts.afterCreate) {
        try {
          await opts.afterCreate(row.id, req.user.id);
        } catch (err) {
          req.log.error({ err, avatarId: row.id }, 'post-create step failed; the avatar stays pending');
        }
      }
      const [fresh] = await listOwnedAvatars(db, req.user.id).then((l) => l.filter((a) => a.id === row.id));
      return reply.code(201).send(fresh ?? toAvatarJson(row));
    },
  );
}
