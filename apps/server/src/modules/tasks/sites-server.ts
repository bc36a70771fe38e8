/**
 * The deployed-sites server (issue #7, DESIGN §4): serves generated sites from their own origin
 * (`SITES_ORIGIN`; embedded: a second port of this process on another host name, 127.0.0.1 while
 * the app is opened at localhost), so a site's scripts can never reach the app's storage or DOM
 * (another origin) nor read or plant the app's cookies (cookies are scoped by host, not port).
 * Each response carries a strict CSP: no network access, no forms, framing only by the app.
 */

import { loopbackOrigins } from '@app/domain/sites-origin';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/**
 * The origins the app is opened on, which may frame the embedded sites (issue 18 item 7): the
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
 * the app (`appOrigin`: one origin, or every origin the app is opened on — issue 18 item 7).
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
 * Builds (does not start) the sites server over `root` (the site storage folder, DATA_DIR/sites).
 * Paths: `/<siteId>/` → `<siteId>/index.html`.
 */
export async function buildSitesServer(opts: {
  root: string;
  appOrigin: string | readonly string[];
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('content-security-policy', siteCsp(opts.appOrigin));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    index: ['index.html'],
    dotfiles: 'deny',
    redirect: true,
  });
  app.get('/', async () => ({ service: 'deployed sites' }));
  return app;
}
