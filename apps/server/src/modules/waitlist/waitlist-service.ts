/**
 * The early-access waitlist (SPEC §7 POST /api/waitlist): one row per e-mail.
 */
import type { WaitlistEntry, WaitlistSignup } from '@app/domain/waitlist';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waitlist } from '../../db/schema';

/** Adds an e-mail to the waitlist; a known e-mail keeps its first row (the caller answers the same). */
export async function joinWaitlist(db: Db, entry: WaitlistEntry): Promise<void> {
  await db
    .insert(waitlist)
    .values({ email: entry.email, source: entry.source })
    .onConflictDoNothing({ target: waitlist.email });
}

/** The newest `limit` sign-ups, newest first (admin page). */
export async function listWaitlist(db: Db, limit = 1000): Promise<WaitlistSignup[]> {
  const rows = await db.select().from(waitlist).orderBy(desc(waitlist.createdAt)).limit(limit);
  return rows.map((w) => ({ email: w.email, source: w.source, createdAt: w.createdAt.toISOString() }));
}
