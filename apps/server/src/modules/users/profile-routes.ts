/**
 * Profile editing (SPEC §7: PATCH /api/profile, POST /api/profile/upload-image with multipart field
 * `profileImage`; SPEC §9: at most 5 MB). Errors answer `{error}` and change nothing.
 */
import { randomUUID } from 'node:crypto';
import { MAX_PROFILE_IMAGE_BYTES, ProfileUpdateSchema, UserSchema } from '@app/domain/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { errorResponse } from '../../lib/api-responses';
import { ImageRejectedError, reencodeImage } from '../../lib/images';
import type { StorageProvider } from '../../providers/storage/types';
import { setProfileImage, toUserJson, updateProfile } from './users-service';

export default async function profileRoutes(app: FastifyInstance, opts: { db: Db; storage: StorageProvider }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/api/profile',
    { onRequest: app.requireUser, schema: { body: ProfileUpdateSchema, response: { 200: UserSchema } } },
    async (req) => toUserJson(await updateProfile(opts.db, req.user.id, req.body)),
  );

  r.post(
    '/api/profile/upload-image',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      // 400 and 413 are answered here (not thrown), so they are typed here too
      schema: {
        response: { 200: z.object({ imageUrl: z.string() }), 400: errorResponse(400), 413: errorResponse(413) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) return reply.code(400).send({ error: 'Send the image as multipart/form-data' });
      let data: Buffer | null = null;
      try {
        for await (const part of req.parts({ limits: { fileSize: MAX_PROFILE_IMAGE_BYTES, files: 1, fields: 5 } })) {
          if (part.type === 'file') {
            const buf = await part.toBuffer();
            if (part.fieldname === 'profileImage') data = buf;
          }
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          return reply.code(413).send({ error: 'Please select an image under 5MB' });
        }
        throw err;
      }
      if (!data || data.length === 0) return reply.code(400).send({ error: 'No file in field profileImage' });
      let webp: Buffer;
      try {
        webp = await reencodeImage(data);
      } catch (err) {
        if (err instanceof ImageRejectedError) return reply.code(400).send({ error: err.message });
        throw err;
      }
      const stored = await opts.storage.put(`profile/${randomUUID()}.webp`, webp, 'image/webp');
      await setProfileImage(opts.db, req.user.id, stored.url);
      return { imageUrl: stored.url };
    },
  );
}
