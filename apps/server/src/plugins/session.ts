/**
 * Server-side sessions in the `sessions` table; the cookie is httpOnly, SameSite=Lax, and Secure in
 * production. Adds `req.currentUser()` and the route guards `requireUser`,
 * `requireAccess` (SPEC §4: active or admin) and `requireAdmin`.
 */

import { accessStateOf } from '@app/domain/access';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { declareErrors } from '../lib/api-responses';
import { unavailable } from '../lib/http-error';
import { DATABASE_DOWN } from '../lib/outages';
import { DbSessionStore } from '../lib/session-store';

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface Session {
    userId?: string;
    oidc?: { codeVerifier: string; state: string; nonce: string; returnTo?: string };
    siweNonce?: string;
    /** When siweNonce was issued (ms since epoch); it is good for SIWE_MAX_AGE_MS. */
    siweNonceAt?: number;
    /** Set (never stored) when the session could not be read because the database is down. */
    storeUnavailable?: true;
  }
  interface FastifyRequest {
    /** The signed-in user's row, loaded once per request (null when signed out). */
    currentUser(): Promise<UserRow | null>;
    /** Set by the guards: the signed-in user. */
    user: UserRow;
  }
  interface FastifyInstance {
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAccess: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    sessionStore: DbSessionStore;
  }
}

export interface SessionOptions {
  db: Db;
  secret: string;
  ttlSeconds: number;
  secure: boolean;
}

export default fp(
  async function sessionPlugin(app: FastifyInstance, opts: SessionOptions) {
    const store = new DbSessionStore(opts.db, opts.ttlSeconds * 1000);
    app.decorate('sessionStore', store);
    await app.register(cookie);
    await app.register(session, {
      secret: opts.secret,
      cookieName: 'sid',
      saveUninitialized: false,
      rolling: false,
      store,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secure,
        path: '/',
        maxAge: opts.ttlSeconds * 1000,
      },
    });

    const cache = new WeakMap<FastifyRequest, Promise<UserRow | null>>();
    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      let p = cache.get(this);
      if (!p && this.session?.storeUnavailable) {
        p = Promise.reject(
          Object.assign(unavailable(DATABASE_DOWN.message), { retryAfterSeconds: DATABASE_DOWN.retryAfterSeconds }),
        );
        cache.set(this, p);
      }
      if (!p) {
        const id = this.session?.userId;
        p = id
          ? opts.db
              .select()
              .from(users)
              .where(eq(users.id, id))
              .limit(1)
              .then((r) => r[0] ?? null)
          : Promise.resolve(null);
        cache.set(this, p);
      }
      return p;
    });
    app.decorateRequest('user', null as unknown as UserRow);

    app.decorate('requireUser', async (req: FastifyRequest, reply: FastifyReply) => {
      const user = await req.currentUser();
      if (!user) return reply.code(401).send({ error: 'Unauthorized' });
      req.user = user;
    });
    app.decorate('requireAccess', async (req: FastifyRequest, reply: FastifyReply) => {
      const user = await req.currentUser();
      if (!user) return reply.code(401).send({ error: 'Unauthorized' });
      if (!accessStateOf(user as never).hasAccess) {
        return reply.code(403).send({ error: 'Your account is pending approval' });
      }
      req.user = user;
    });
    app.decorate('requireAdmin', async (req: FastifyRequest, reply: FastifyReply) => {
      const user = await req.currentUser();
      if (!user) return reply.code(401).send({ error: 'Unauthorized' });
      if (user.role !== 'admin') return reply.code(403).send({ error: 'Admins only' });
      req.user = user;
    });

    // A route behind one of the guards can answer 401 (signed out) and 403 (pending approval, not an
    // admin, or — checked by its service — not the owner): declared on each such route.
    const guards = new Set<unknown>([app.requireUser, app.requireAccess, app.requireAdmin]);
    app.addHook('onRoute', (route) => {
      const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
      if (hooks.some((h) => guards.has(h))) declareErrors(route, [401, 403]);
    });

    const sweep = setInterval(() => {
      store.sweep().catch((err) => app.log.warn({ err }, 'session sweep failed'));
    }, 3_600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'session' },
);
