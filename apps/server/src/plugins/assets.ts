/**
 * Uploaded and generated files under `/api/assets/`: from the local disk as static files, or from a
 * bucket (S3_*) through the app so the bucket stays private. Keys never change content, so a year
 * of caching is safe; files are data, never pages (a sandboxing CSP even if one were HTML).
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { StorageProvider } from '../providers/storage/types';

const ASSET_TYPES: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  webm: 'audio/webm',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};
const assetType = (key: string) => ASSET_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/** Serves `storage`'s files under /api/assets/ (see the file's description). */
export async function registerAssets(app: FastifyInstance, storage: StorageProvider): Promise<void> {
  if (storage.localRoot) {
    await app.register(fastifyStatic, {
      root: storage.localRoot,
      prefix: '/api/assets/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
      dotfiles: 'deny',
      index: false,
      // Uploaded/generated files are data, never pages: a sandboxing CSP even if one were HTML.
      setHeaders(res) {
        res.header(
          'content-security-policy',
          "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
        );
      },
    });
  } else {
    // Files in a bucket (S3_*): served through the app, so the bucket stays private.
    app.get('/api/assets/*', { schema: { hide: true } }, async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      let body: Buffer | null = null;
      try {
        body = await storage.get(key);
      } catch (err) {
        if (err instanceof Error && err.message.startsWith('Invalid storage key')) body = null;
        else throw err;
      }
      if (!body) return reply.code(404).send({ error: 'Not found' });
      return reply
        .type(assetType(key))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header(
          'content-security-policy',
          "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
        )
        .send(body);
    });
  }
}
