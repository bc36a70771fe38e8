/**
 * Security headers (helmet, with a CSP the SPA passes), rate limiting, and CSRF protection for
 * cookie-authenticated writes: a state-changing request (any path) whose `Sec-Fetch-Site`
 * says cross-site, or whose `Origin` is another origin, is refused with 403. Together with
 * SameSite=Lax session cookies this keeps SPEC §7's plain `fetch` contract (no token header).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { declareErrors, methodsOf, WRITE_METHODS } from '../lib/api-responses';
import { fallbackStore } from './rate-limit-store';

export interface SecurityOptions {
  /** Extra origins allowed to write (e.g. PUBLIC_URL's origin behind a proxy). */
  trustedOrigins: string[];
  /** Origins the SPA may frame (deployed-site previews) and connect to. */
  frameOrigins?: string[];
  connectOrigins?: string[];
  /** Origins scripts may load from besides the app (Stripe.js when card payments use Stripe). */
  scriptOrigins?: string[];
  /** Origins images and fonts may load from besides the app (wallet modals on Base). */
  imgOrigins?: string[];
  fontOrigins?: string[];
  /** Cross-Origin-Opener-Policy (default same-origin; wallets that sign in a popup need allow-popups). */
  openerPolicy?: 'same-origin' | 'same-origin-allow-popups';
  /** Turns rate limits off (benchmarks). */
  rateLimitDisabled?: boolean;
  /**
   * Shared rate-limit counters (ioredis client, REDIS_URL): replicas count together. While Redis is
   * down each route falls back to its class's policy (plugins/rate-limit-store.ts).
   */
  redis?: import('ioredis').Redis;
  /** Routed paths (route patterns) exempt from the origin check (webhooks with their own signatures). */
  csrfExemptPaths?: string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when a write request comes from another site (see module docs). */
export function isCrossSiteWrite(req: FastifyRequest, trusted: Set<string>): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false; // non-browser clients; SameSite=Lax already withholds cookies
  if (origin === 'null') return true;
  if (trusted.has(origin)) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

export default fp(
  async function security(app: FastifyInstance, opts: SecurityOptions) {
    // helmet's middleware is built once here and run on every request. (@fastify/helmet called
    // helmet() for each request, parsing the whole CSP again: ~10 % of the server's CPU on a cached
    // catalogue page, bench/marketplace.bench.ts.)
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(opts.scriptOrigins ?? [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(opts.imgOrigins ?? [])],
          fontSrc: ["'self'", 'data:', ...(opts.fontOrigins ?? [])],
          mediaSrc: ["'self'", 'blob:', 'data:'],
          connectSrc: ["'self'", ...(opts.connectOrigins ?? [])],
          frameSrc: ["'self'", ...(opts.frameOrigins ?? [])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: opts.openerPolicy ?? 'same-origin' },
      // helmet's default `no-referrer` makes browsers send `Origin: null` on same-origin form
      // posts, which the CSRF check must refuse; this policy keeps the origin for our own site.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onRequest', (req, reply, done) => {
      securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
    });
    await app.register(rateLimit, {
      global: false,
      allowList: opts.rateLimitDisabled ? () => true : undefined,
      ...(opts.redis
        ? {
            store: fallbackStore({
              redis: opts.redis,
              nameSpace: 'rl:',
              onStateChange: (down, err) =>
                down
                  ? app.log.warn(
                      { err },
                      'rate limits: Redis unavailable, counting per process (sign-in and purchases refused)',
                    )
                  : app.log.info('rate limits: Redis is back, counting across replicas again'),
            }),
          }
        : {}),
    });

    const trusted = new Set(opts.trustedOrigins);
    const exempt = new Set(opts.csrfExemptPaths ?? []);
    // Declared on every route these checks apply to: 403 for a cross-site write, 429 past a rate
    // limit (503 while Redis is down on `refuse` routes is declared by the errors plugin).
    app.addHook('onRoute', (route) => {
      const write = methodsOf(route).some((m) => WRITE_METHODS.has(m));
      const limited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
      declareErrors(route, [
        ...(write && !exempt.has(route.url) ? ([403] as const) : []),
        ...(limited ? ([429] as const) : []),
      ]);
    });
    // Every unsafe method is checked, whatever the raw URL looks like: the router decodes
    // percent-encoding (`/%61pi/...` routes to `/api/...`), so a prefix test on `req.url` could be
    // sidestepped. Exemptions are decided on the routed path, never the raw one.
    app.addHook('onRequest', async (req, reply) => {
      if (SAFE_METHODS.has(req.method)) return;
      if (req.routeOptions.url !== undefined && exempt.has(req.routeOptions.url)) return;
      if (isCrossSiteWrite(req, trusted)) {
        return reply.code(403).send({ error: 'Cross-site request refused' });
      }
    });
  },
  { name: 'security' },
);
