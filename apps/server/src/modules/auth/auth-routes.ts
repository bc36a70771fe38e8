/**
 * Sign-in, sign-out and the current user (SPEC §7: GET /api/login, GET /api/auth/user,
 * POST /api/auth/logout; also /api/callback and the development form).
 */

import { ApiErrorSchema, OkSchema } from '@app/domain/api';
import { safeReturnPath } from '@app/domain/return-path';
import { DevLoginSchema, UserSchema } from '@app/domain/user';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { documentedBody, ERROR_STATUSES, errorResponse, html, redirect } from '../../lib/api-responses';
import { type SignInClaims, toUserJson, upsertSignIn } from '../users/users-service';
import { devLoginPage } from './dev-login-page';
import type { OidcClient } from './oidc';

export interface AuthRoutesOptions {
  db: Db;
  config: Config;
  oidc: OidcClient | null;
}

/** Splits "Ada King Lovelace" into first "Ada" and last "King Lovelace". */
export function splitName(displayName: string): { firstName: string; lastName: string | null } {
  const parts = displayName.trim().split(/\s+/);
  return { firstName: parts[0] ?? displayName, lastName: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

/** `?returnTo=`: where to land after sign-in (a same-site path; anything else is ignored). */
const ReturnToQuery = z.object({
  returnTo: z.string().max(2000).optional().describe('a same-site path to land on after sign-in'),
});

export default async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const { db, config, oidc } = opts;
  const policy = { adminEmails: config.ADMIN_EMAILS, autoApprove: config.AUTO_APPROVE_USERS };
  // Sign-in is refused (503) rather than counted per process while Redis is down (rate-limit-store.ts).
  const rateLimit = { max: config.RATE_LIMIT_AUTH_PER_MIN, timeWindow: '1 minute', whenStoreDown: 'refuse' as const };

  const signIn = async (req: FastifyRequest, claims: SignInClaims) => {
    const user = await upsertSignIn(db, claims, policy);
    await req.session.regenerate(); // new session id at privilege change (session fixation)
    req.session.userId = user.id;
    await req.session.save();
    req.log.info({ userId: user.id, subject: claims.authSubject }, 'signed in');
    return user;
  };

  const origin = (req: FastifyRequest) => config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;

  // `?returnTo=/page` brings the user back there after sign-in; anything but a safe same-origin
  // relative path (see safeReturnPath) is ignored and sign-in lands on `/`.
  const returnToOf = (req: FastifyRequest) =>
    safeReturnPath((req.query as { returnTo?: unknown } | undefined)?.returnTo);

  app.get(
    '/api/login',
    {
      config: { rateLimit },
      schema: {
        querystring: ReturnToQuery,
        response: {
          200: html('The development sign-in form (no identity provider configured).'),
          302: redirect("To the identity provider's sign-in page (OpenID Connect, authorization code + PKCE)."),
          403: errorResponse(403),
        },
      },
    },
    async (req, reply) => {
      const returnTo = returnToOf(req) ?? undefined;
      if (oidc) {
        const redirectUri = new URL('/api/callback', origin(req)).href;
        const { url, codeVerifier, state, nonce } = await oidc.start(redirectUri);
        req.session.oidc = { codeVerifier, state, nonce, returnTo };
        await req.session.save();
        return reply.redirect(url);
      }
      if (config.isProduction) {
        return reply.code(403).send({ error: 'Development sign-in is disabled in production; configure OIDC' });
      }
      return reply.type('text/html; charset=utf-8').send(devLoginPage({ returnTo }));
    },
  );

  app.post(
    '/api/login/dev',
    {
      config: { rateLimit },
      schema: {
        // Read by the handler (a form post answers HTML, JSON answers JSON), so documented only.
        body: documentedBody(
          DevLoginSchema.extend({ returnTo: z.string().optional() }),
          'Development sign-in (off in production and with OIDC): JSON, or the HTML form (application/x-www-form-urlencoded).',
        ),
        response: {
          200: UserSchema,
          302: redirect('After a form sign-in: to `returnTo` (a same-site path) or `/`.'),
          400: {
            description: ERROR_STATUSES[400],
            content: {
              'application/json': { schema: ApiErrorSchema },
              'text/html': { schema: z.string().describe('the form again, with the problem') },
            },
          },
          403: errorResponse(403),
        },
      },
    },
    async (req, reply: FastifyReply) => {
      if (config.isProduction || oidc) {
        return reply.code(403).send({ error: 'Development sign-in is disabled' });
      }
      const parsed = DevLoginSchema.safeParse(req.body ?? {});
      const wantsHtml = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const returnTo = safeReturnPath((req.body as { returnTo?: unknown } | undefined)?.returnTo) ?? undefined;
      if (!parsed.success) {
        const message = parsed.error.issues.map((i) => i.message).join('; ');
        if (wantsHtml) {
          const body = (req.body ?? {}) as Record<string, string>;
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(devLoginPage({ error: message, displayName: body.displayName, email: body.email, returnTo }));
        }
        return reply.code(400).send({ error: 'Invalid request', issues: parsed.error.issues });
      }
      const { firstName, lastName } = splitName(parsed.data.displayName);
      const user = await signIn(req, {
        authSubject: `dev:${parsed.data.email}`,
        email: parsed.data.email,
        firstName,
        lastName,
      });
      if (wantsHtml) return reply.redirect(returnTo ?? '/');
      return reply.send(toUserJson(user));
    },
  );

  app.get(
    '/api/callback',
    {
      config: { rateLimit },
      schema: {
        response: {
          302: redirect(
            'After the identity provider: to the page sign-in started from, or `/login` without a sign-in under way.',
          ),
          400: errorResponse(400),
        },
      },
    },
    async (req, reply) => {
      const saved = req.session.oidc;
      if (!oidc || !saved) return reply.redirect('/login');
      try {
        const callbackUrl = new URL(req.url, origin(req));
        const claims = await oidc.finish(callbackUrl, saved);
        req.session.oidc = undefined;
        const returnTo = safeReturnPath(saved.returnTo) ?? '/';
        const str = (k: string) => (typeof claims[k] === 'string' ? (claims[k] as string) : null);
        await signIn(req, {
          authSubject: `oidc:${oidc.issuer}|${claims.sub}`,
          email: claims.email_verified === false ? null : str('email'),
          firstName: str('given_name') ?? str('name')?.split(' ')[0] ?? null,
          lastName: str('family_name'),
          profileImageUrl: str('picture'),
        });
        return reply.redirect(returnTo);
      } catch (err) {
        req.log.warn({ err }, 'OIDC callback failed');
        return reply.code(400).send({ error: 'Sign-in failed: the identity provider response was not valid' });
      }
    },
  );

  app.get('/api/auth/user', { schema: { response: { 200: UserSchema, 401: ApiErrorSchema } } }, async (req, reply) => {
    const user = await req.currentUser();
    if (!user) return reply.code(401).send({ error: 'Unauthorized' });
    return toUserJson(user);
  });

  const logout = async (req: FastifyRequest) => {
    if (req.session.userId) await req.session.destroy();
  };
  app.post('/api/auth/logout', { schema: { response: { 200: OkSchema } } }, async (req, reply) => {
    await logout(req);
    return reply.send({ ok: true });
  });
}
