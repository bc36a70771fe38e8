/**
 * Chooses the image provider (DESIGN §2): `IMAGE_PROVIDER` = procedural (default, embedded
 * generative art) or openai (needs `OPENAI_API_KEY`; optional `IMAGE_MODEL`).
 */
import { z } from 'zod';
import { ConfigError } from '../../config';
import { loadOnce } from '../../lib/load-once';
import { ProceduralImageProvider } from './procedural';
import type { ImageProvider } from './types';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** The image variables; exported so the app's env schema can include them. */
export const ImageEnvSchema = z
  .object({
    IMAGE_PROVIDER: optional(z.enum(['procedural', 'openai'])),
    OPENAI_API_KEY: optional(z.string()),
    IMAGE_MODEL: optional(z.string()),
  })
  .superRefine((env, ctx) => {
    if (env.IMAGE_PROVIDER === 'openai' && !env.OPENAI_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'IMAGE_PROVIDER=openai needs OPENAI_API_KEY' });
    }
  });

/** Input of {@link createImageProvider}: raw environment values. */
export type ImageEnv = z.input<typeof ImageEnvSchema>;

/**
 * Builds the image provider from env; default procedural.
 * @throws {ConfigError} listing every bad or missing variable
 */
export function createImageProvider(env: ImageEnv): ImageProvider {
  const parsed = ImageEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.IMAGE_PROVIDER !== 'openai') return new ProceduralImageProvider();
  // The AI SDK loads with the first image, not in every process (docs/deploy.md "Memory").
  const openai = loadOnce(async () => {
    const { OpenAiImageProvider } = await import('./openai');
    return new OpenAiImageProvider({ apiKey: e.OPENAI_API_KEY, model: e.IMAGE_MODEL });
  });
  return { name: 'openai', generate: async (req, opts) => (await openai()).generate(req, opts) };
}
