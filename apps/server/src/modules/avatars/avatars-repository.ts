/**
 * SQL of the avatar lifecycle: renaming, the facts that decide between archiving
 * and deleting, and the two removals. Callers check ownership first (avatars-service.loadOwnedAvatar).
 */
import { and, eq, inArray, isNotNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  avatarEditions,
  avatars,
  chainIntents,
  onChainTasks,
  payments,
  skillListings,
  skillTransactions,
  teamMembers,
} from '../../db/schema';
import { avatarMintKey } from '../blockchain/chain-intents';
import { RESERVING_STATUSES } from '../purchases/purchases-repository';
import type { AvatarRow } from './avatars-service';

/** Sets a new name and/or description; `undefined` leaves a field as it is. */
export async function updateAvatarText(
  db: Db,
  avatarId: number,
  patch: { name?: string; description?: string | null },
): Promise<AvatarRow> {
  const [row] = await db
    .update(avatars)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description || null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(avatars.id, avatarId))
    .returning();
  return row!;
}

/** Locks the avatar's row for the rest of the transaction (purchases take the same lock). */
export async function lockAvatar(tx: Db, avatarId: number): Promise<AvatarRow | undefined> {
  const [row] = await tx.select().from(avatars).where(eq(avatars.id, avatarId)).for('update');
  return row;
}

/** What the chain and the ledger know of an avatar, and what is still open on it. */
export interface RemovalFacts {
  /** Editions of its series recorded as held by someone other than its owner. */
  editionsHeldByOthers: number;
  /** Any edition of its series recorded (its own mint included). */
  editions: number;
  /** Its mint as a chain write, pending or done (a failed or reverted one left nothing). */
  liveIntents: number;
  /** Verified tasks or agent tasks with a transaction. */
  tasksOnChain: number;
  /** Skill sales recorded against it (kept for the buyers' and sellers' books). */
  sales: number;
  activeListings: number;
  openOrders: number;
  runningTasks: number;
  teams: number;
}

/** Counts everything {@link RemovalFacts} names, in one round trip per table. */
export async function removalFacts(db: Db, avatar: AvatarRow): Promise<RemovalFacts> {
  const count = sql<number>`count(*)::int`;
  const [[ed], [intents], [tasks], [sales], [listings], [orders], [running], [teams]] = await Promise.all([
    db
      .select({
        n: count,
        others: sql<number>`(count(*) filter (where ${avatarEditions.userId} is distinct from ${avatar.ownerId}))::int`,
      })
      .from(avatarEditions)
      .where(eq(avatarEditions.avatarId, avatar.id)),
    db
      .select({ n: count })
      .from(chainIntents)
      .where(
        and(eq(chainIntents.key, avatarMintKey(avatar.id)), notInArray(chainIntents.status, ['failed', 'reverted'])),
      ),
    db
      .select({ n: count })
      .from(onChainTasks)
      .where(and(eq(onChainTasks.avatarId, avatar.id), isNotNull(onChainTasks.transactionHash))),
    db.select({ n: count }).from(skillTransactions).where(eq(skillTransactions.avatarId, avatar.id)),
    db
      .select({ n: count })
      .from(skillListings)
      .where(and(eq(skillListings.avatarId, avatar.id), eq(skillListings.isActive, true))),
    db
      .select({ n: count })
      .from(payments)
      .where(
        and(
          or(eq(payments.seriesAvatarId, avatar.id), eq(payments.buyerAvatarId, avatar.id)),
          inArray(payments.status, [...RESERVING_STATUSES]),
        ),
      ),
    db
      .select({ n: count })
      .from(onChainTasks)
      .where(
        and(
          eq(onChainTasks.avatarId, avatar.id),
          eq(onChainTasks.status, 'PENDING'),
          sql`${onChainTasks.taskId} like 'task:%'`,
          sql`coalesce(${onChainTasks.verificationData}->>'phase', 'queued') in ('queued', 'running')`,
        ),
      ),
    db.select({ n: count }).from(teamMembers).where(eq(teamMembers.avatarId, avatar.id)),
  ]);
  return {
    editions: ed?.n ?? 0,
    editionsHeldByOthers: ed?.others ?? 0,
    liveIntents: intents?.n ?? 0,
    tasksOnChain: tasks?.n ?? 0,
    sales: sales?.n ?? 0,
    activeListings: listings?.n ?? 0,
    openOrders: orders?.n ?? 0,
    runningTasks: running?.n ?? 0,
    teams: teams?.n ?? 0,
  };
}

/**
 * Archives an avatar: off the marketplace (not for sale, not featured), out of its teams, inactive.
 * Its rows and its tokens stay.
 */
export async function archiveAvatar(tx: Db, avatarId: number): Promise<void> {
  await tx.delete(teamMembers).where(eq(teamMembers.avatarId, avatarId));
  await tx
    .update(avatars)
    .set({ isActive: false, priceEth: null, featured: false, updatedAt: new Date() })
    .where(eq(avatars.id, avatarId));
}

/** Deletes an avatar and what hangs on it (skills, chat, tasks, keys: foreign keys cascade). */
export async function deleteAvatar(tx: Db, avatarId: number): Promise<void> {
  await tx.delete(avatars).where(and(eq(avatars.id, avatarId), ne(avatars.isActive, false)));
}
