/**
 * The web app's pages: the built SPA's files (hashed assets cached for a year, the rest revalidated)
 * and, for every client route (SPEC §2), the app's shell — or, for a visitor, `/` as the landing page
 * rendered at build time (apps/web/scripts/prerender.mjs) and `/marketplace` and `/avatar/:id`
 * rendered with their data at request time (public-pages.ts; the shell when that fails).
 *
 * A page for a signed-in user is the shell with that user's record inlined
 * (`<script type="application/json" id="session-user">`, the body GET /api/auth/user would send), so
 * the app renders the signed-in page, and loads what it needs, without first asking who is signed in;
 * a signed-in user never gets the landing page nor a page rendered for visitors. Such pages are private (`Cache-Control: private,
 * no-cache`) and every page says it varies by cookie, so no cache in between hands one user's page
 * to another or the landing page to a signed-in user.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toUserJson } from '../modules/users/users-service';
import { createPublicPageRenderer, inlineJson, isRenderedPublicPath } from './public-pages';

/** Where the signed-in user's record goes in the shell: right before the app's root element. */
const ROOT_MARK = '<div id="root">';

/**
 * Registers the SPA's files and the client-route fallback on `app` when `webDist` holds a build
 * (`index.html`). API paths and non-GET requests that match no route get a 404 in words.
 * @param opts.webDist the built SPA (apps/web/dist)
 * @param opts.notFoundPreHandler runs before the fallback (the rate limit of page requests)
 */
export async function registerWebPages(
  app: FastifyInstance,
  opts: {
    webDist: string;
    notFoundPreHandler?: (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;
  },
): Promise<void> {
  const { webDist } = opts;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const hasLanding = hasWeb && existsSync(path.join(webDist, 'landing.html'));
  const shell = hasWeb ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // .br/.gz written by `npm run build` (scripts/build.mjs), chosen by Accept-Encoding.
      preCompressed: true,
      // The server-side render bundle (public-pages.ts) is read by the server, never sent.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      setHeaders(res, file) {
        // Hashed file names never change content: cache for a year; everything else revalidates.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  /** The shell with the signed-in user's record before the root element. */
  const shellFor = (user: unknown) =>
    shell.replace(
      ROOT_MARK,
      `<script type="application/json" id="session-user">${inlineJson(user)}</script>${ROOT_MARK}`,
    );

  const renderPublicPage = createPublicPageRenderer({
    webDist,
    shell,
    data: () => (app.hasDecorator('publicPageData') ? app.publicPageData : undefined),
    log: app.log,
  });

  /** The page of a client route for this request: the session decides which (see the top of this file). */
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    // Every page depends on the session. The session is already loaded for every request that
    // carries the cookie (plugins/session.ts); the user row only when there is one.
    reply.header('vary', 'Cookie');
    if (req.session.userId) {
      reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8');
      // With the database down the page still loads (docs/deploy.md): the shell without the user,
      // whose app then asks GET /api/auth/user and shows that answer.
      const user = await req.currentUser().catch((err: unknown) => {
        req.log.warn({ err }, 'signed-in page sent without its user: the user could not be read');
        return null;
      });
      return reply.send(user ? shellFor(toUserJson(user)) : shell);
    }
    const pathname = req.url.split('?')[0] ?? '';
    if (isRenderedPublicPath(pathname)) {
      const html = await renderPublicPage(req.url);
      if (html) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    const page = hasLanding && pathname === '/' ? 'landing.html' : 'index.html';
    return reply.sendFile(page, webDist);
  };

  if (hasWeb) {
    // The pages rendered per request are routes of their own so that @fastify/compress, which
    // works on routes, compresses them (the fallback below is not a route).
    for (const url of ['/marketplace', '/avatar/:id']) {
      app.get(url, { preHandler: opts.notFoundPreHandler, schema: { hide: true } }, sendPage);
    }
  }

  app.setNotFoundHandler({ preHandler: opts.notFoundPreHandler }, async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || req.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ error: `Route ${req.method} ${req.url.split('?')[0]} not found` });
    }
    return sendPage(req, reply);
  });
}
