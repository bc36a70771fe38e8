/**
 * The deployed-sites server (DESIGN §4): serves generated sites from their own origin
 * (`SITES_ORIGIN`; embedded: a second port of this process on another host name, 127.0.0.1 while
 * the app is opened at localhost), so a site's scripts can never reach the app's storage or DOM
 * (another origin) nor read or plant the app's cookies (cookies are scoped by host, not port).
 * Each response carries a strict CSP: no network access, no forms, framing only by the app.
 */

import path from 'node:path';
import { loopbackOrigins } from '@app/domain/sites-origin';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { StorageProvider } from '../../providers/storage/types';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The origins the app is opened on, which may frame the embedded sites: the
 * public origin, and on a local install both loopback names of the app's port (localhost and
 * 127.0.0.1: the browser then loads the preview from the other name, see `previewUrlForPage`).
 */
export function appFrameOrigins(config: Pick<Config, 'appOrigin' | 'PORT' | 'PUBLIC_URL'>): string[] {
  return [...new Set([config.appOrigin, ...(config.PUBLIC_URL ? [] : loopbackOrigins(config.PORT))])];
}

/**
 * The sites origins the app may frame: the configured one and, for the embedded sites server,
 * both loopback names of its port.
 */
export function sitesFrameOrigins(config: Pick<Config, 'sitesOrigin' | 'sitesPort'>): string[] {
  return [...new Set([config.sitesOrigin, ...(config.sitesPort ? loopbackOrigins(config.sitesPort) : [])])];
}

/**
 * CSP of deployed sites: their own files only; no connections, forms or plugins; framed only by
 * the app (`appOrigin`: one origin, or every origin the app is opened on).
 */
export function siteCsp(appOrigin: string | readonly string[]): string {
  const ancestors = typeof appOrigin === 'string' ? [appOrigin] : [...new Set(appOrigin)];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${ancestors.join(' ')}`,
  ].join('; ');
}

/**
 * Builds (does not start) the sites server over the site storage: its folder (`root`,
 * DATA_DIR/sites) when disk-backed, else the bucket through `storage.get` (S3).
 * Paths: `/<siteId>/` → `<siteId>/index.html`.
 */
export async function buildSitesServer(opts: {
  root: string;
  appOrigin: string | readonly string[];
  storage?: StorageProvider;
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('content-security-policy', siteCsp(opts.appOrigin));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  const storage = opts.storage;
  if (storage && !storage.localRoot) {
    app.get('/*', async (req, reply) => {
      const pathname = decodeURIComponent(req.url.split('?')[0] ?? '/').replace(/^\/+/, '');
      if (pathname && !pathname.includes('/')) return reply.redirect(`/${pathname}/`);
      const key = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
      let body: Buffer | null = null;
      try {
        body = await storage.get(key);
      } catch {
        body = null; // invalid key grammar or a missing object: not found either way
      }
      if (!body) return reply.code(404).send({ error: 'Not found' });
      return reply.type(TYPES[path.extname(key)] ?? 'application/octet-stream').send(body);
    });
  } else {
    await app.register(fastifyStatic, {
      root: storage?.localRoot ?? opts.root,
      prefix: '/',
      index: ['index.html'],
      dotfiles: 'deny',
      redirect: true,
    });
  }
  app.get('/', async () => ({ service: 'deployed sites' }));
  return app;
}
