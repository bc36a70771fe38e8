/**
 * @fastify/session store over the `sessions` table (SPEC §3: sid, sess json, expire), so sessions
 * live server-side in the same database and survive restarts. Expired rows are ignored on read and
 * swept periodically.
 */
import type { SessionStore } from '@fastify/session';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { outageOf } from './outages';

type Callback = (err?: unknown, result?: unknown) => void;

export class DbSessionStore implements SessionStore {
  constructor(
    private readonly db: Db,
    private readonly defaultTtlMs: number,
  ) {}

  set(sid: string, session: unknown, callback: Callback): void {
    const s = session as { cookie?: { expires?: Date | string | null } };
    const expires = s.cookie?.expires ? new Date(s.cookie.expires) : new Date(Date.now() + this.defaultTtlMs);
    const sess = JSON.parse(JSON.stringify(session)) as object;
    this.db
      .insert(sessions)
      .values({ sid, sess, expire: expires })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire: expires } })
      .then(() => callback(), callback);
  }

  /**
   * Loads a session. While the database is unreachable it answers a placeholder session marked
   * `storeUnavailable` instead of failing, so requests that do not need the user (pages, static
   * files, public reads) still work; `req.currentUser()` answers 503 for the rest (plugins/session.ts).
   */
  get(sid: string, callback: (err: unknown, result?: Session | null) => void): void {
    this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date())))
      .limit(1)
      .then(
        (rows) => callback(null, (rows[0]?.sess as Session | undefined) ?? null),
        (err) => {
          if (outageOf(err)) callback(null, { storeUnavailable: true } as unknown as Session);
          else callback(err);
        },
      );
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }

  /** Deletes expired sessions; returns how many. */
  async sweep(): Promise<number> {
    const rows = await this.db.delete(sessions).where(lt(sessions.expire, new Date())).returning({ sid: sessions.sid });
    return rows.length;
  }
}
