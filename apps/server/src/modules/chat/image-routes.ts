/**
 * POST /api/ai/generate-image {prompt, style, size} → {url, style, size, revisedPrompt}
 * (SPEC §3 Generated image response, §7). The PNG is stored and served from /api/assets/art/….
 */
import { randomUUID } from 'node:crypto';
import { GenerateImageRequestSchema, GenerateImageResponseSchema } from '@app/domain/chat';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ImageProvider } from '../../providers/images/types';
import type { StorageProvider } from '../../providers/storage/types';

export default async function imageRoutes(
  app: FastifyInstance,
  opts: { images: ImageProvider; storage: StorageProvider },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/ai/generate-image',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: GenerateImageRequestSchema, response: { 200: GenerateImageResponseSchema } },
    },
    async (req) => {
      const { prompt, style, size } = req.body;
      const result = await opts.images.generate({ prompt, style, size });
      const stored = await opts.storage.put(`art/${randomUUID()}.png`, result.png, 'image/png');
      return { url: stored.url, style, size, revisedPrompt: result.revisedPrompt };
    },
  );
}
