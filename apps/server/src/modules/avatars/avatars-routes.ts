/**
 * Avatars of the signed-in user (SPEC §7 GET/POST /api/avatars; GET /api/avatars/:id for the
 * avatar chat page) and their lifecycle (PATCH name/description, the removal
 * preview, DELETE = archive or delete). Another user's avatar is 403; an archived one 404.
 */
import { ApiErrorSchema, IdParamSchema } from '@app/domain/api';
import {
  AvatarRemovalSchema,
  AvatarRemovedSchema,
  AvatarSchema,
  CreateAvatarSchema,
  UpdateAvatarSchema,
} from '@app/domain/avatar';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { previewRemoval, removeAvatar, updateAvatar } from './avatar-lifecycle';
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
  /** The platform's custody address (the hot key) when a chain is configured: who holds custody tokens. */
  custodyAddress?: string | null;
}

export default async function avatarsRoutes(app: FastifyInstance, opts: AvatarsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  const custody = opts.custodyAddress ?? null;
  const errors = { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

  r.get(
    '/api/avatars',
    { onRequest: app.requireAccess, schema: { response: { 200: z.array(AvatarSchema) } } },
    async (req) => listOwnedAvatars(db, req.user.id),
  );

  r.get(
    '/api/avatars/:id',
    { onRequest: app.requireAccess, schema: { params: IdParamSchema, response: { 200: AvatarSchema, ...errors } } },
    async (req) => {
      const row = await loadOwnedAvatar(db, req.params.id, req.user.id);
      return toAvatarJson(row, (await skillsByAvatar(db, [row.id])).get(row.id));
    },
  );

  r.patch(
    '/api/avatars/:id',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: IdParamSchema, body: UpdateAvatarSchema, response: { 200: AvatarSchema, ...errors } },
    },
    async (req) => {
      const row = await updateAvatar(db, req.params.id, req.user.id, req.body);
      return toAvatarJson(row, (await skillsByAvatar(db, [row.id])).get(row.id));
    },
  );

  r.get(
    '/api/avatars/:id/removal',
    {
      onRequest: app.requireAccess,
      schema: { params: IdParamSchema, response: { 200: AvatarRemovalSchema, ...errors } },
    },
    async (req) => previewRemoval(db, req.params.id, req.user.id, custody),
  );

  r.delete(
    '/api/avatars/:id',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: IdParamSchema, response: { 200: AvatarRemovedSchema, 409: ApiErrorSchema, ...errors } },
    },
    async (req) => removeAvatar(db, req.params.id, req.user.id, custody),
  );

  r.post(
    '/api/avatars',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: CreateAvatarSchema, response: { 201: AvatarSchema } },
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
