/**
 * SQL of the avatar detail and of the per-card figures: skills, active
 * listings and owner stats, each loaded in one batched query per kind — never one query per card.
 * The listing page's own SQL is listing-repository.ts. Rules (formulas, JSON shapes) live in the
 * services.
 *
 * The queries of one request run one after another on one pooled connection at a time; throughput
 * comes from concurrent requests sharing the pool, not from fanning one request out.
 */

import { BOUGHT_EDITION_SOURCES } from '@app/domain/nft';
import { FAILED_VALIDATION } from '@app/domain/task-validation';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  avatarEditions,
  avatarSkills,
  avatars,
  onChainTasks,
  ownerMarketStats,
  skillListings,
  skills,
  skillTransactions,
  trainingInteractions,
  users,
} from '../../db/schema';

/** Editions of an owner's avatars that count as sales (SPEC §3 totalSales). */
export const SOLD_EDITION_SOURCES = BOUGHT_EDITION_SOURCES;
/** `skill_transactions.status` of a finished sale. */
export const SALE_COMPLETED = 'completed';
/** `on_chain_tasks.status` values of a finished task (SPEC §4: CONFIRMED; failures, including work the validator failed). */
const FINISHED_TASK_STATUSES = ['CONFIRMED', 'FAILED', FAILED_VALIDATION];

/** `created_at` printed exactly (microseconds, UTC) so the cursor compares equal to the stored value. */
export const createdAtKey = sql<string>`to_char(${avatars.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The owner fields a card or a detail page shows. */
export const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  createdAt: users.createdAt,
};

/** A skill of an avatar with its catalogue data. */
export interface AvatarSkillRow {
  avatarId: number;
  id: number;
  name: string;
  category: string;
  description: string | null;
  basePrice: string | null;
  proficiency: number;
  acquiredAt: Date;
}

/** The skills of several avatars in one query, highest proficiency first, then by name. */
export async function selectSkillsOf(db: Db, avatarIds: number[]): Promise<AvatarSkillRow[]> {
  if (!avatarIds.length) return [];
  return db
    .select({
      avatarId: avatarSkills.avatarId,
      id: skills.id,
      name: skills.name,
      category: skills.category,
      description: skills.description,
      basePrice: skills.basePrice,
      proficiency: avatarSkills.proficiency,
      acquiredAt: avatarSkills.acquiredAt,
    })
    .from(avatarSkills)
    .innerJoin(skills, eq(skills.id, avatarSkills.skillId))
    .where(inArray(avatarSkills.avatarId, avatarIds))
    .orderBy(asc(avatarSkills.avatarId), desc(avatarSkills.proficiency), asc(skills.name));
}

/** An active, unexpired skill listing (SPEC §3 skill_listings). */
export interface ActiveListingRow {
  id: number;
  avatarId: number;
  skillId: number;
  price: string;
}

/** Active, unexpired listings of several avatars in one query, cheapest first. */
export async function selectActiveListingsOf(db: Db, avatarIds: number[]): Promise<ActiveListingRow[]> {
  if (!avatarIds.length) return [];
  return db
    .select({
      id: skillListings.id,
      avatarId: skillListings.avatarId,
      skillId: skillListings.skillId,
      price: skillListings.price,
    })
    .from(skillListings)
    .where(
      and(
        inArray(skillListings.avatarId, avatarIds),
        eq(skillListings.isActive, true),
        sql`(${skillListings.expiresAt} is null or ${skillListings.expiresAt} > now())`,
      ),
    )
    .orderBy(asc(skillListings.price), asc(skillListings.id));
}

/** Counts per owner that the owner stats are computed from. */
export interface OwnerCounts {
  skillSales: number;
  editionSales: number;
  confirmedTasks: number;
  failedTasks: number;
}

/**
 * Sales and finished tasks of several owners, from the `owner_market_stats` read model (kept
 * by triggers, rebuilt by `npm run db:refresh`): completed skill sales where they are the
 * seller, sold editions of their avatars, and CONFIRMED / FAILED tasks of their avatars. One
 * primary-key lookup per page instead of three aggregates over every avatar of each owner.
 */
export async function selectOwnerCounts(db: Db, ownerIds: string[]): Promise<Map<string, OwnerCounts>> {
  const out = new Map<string, OwnerCounts>();
  if (!ownerIds.length) return out;
  const rows = await db.select().from(ownerMarketStats).where(inArray(ownerMarketStats.ownerId, ownerIds));
  for (const r of rows) {
    out.set(r.ownerId, {
      skillSales: r.skillSales,
      editionSales: r.editionSales,
      confirmedTasks: r.confirmedTasks,
      failedTasks: r.failedTasks,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------

/** One avatar (any state) with its owner, or undefined. */
export async function selectAvatarWithOwner(db: Db, avatarId: number) {
  const [row] = await db
    .select({
      avatar: avatars,
      createdAtKey,
      owner: ownerColumns,
    })
    .from(avatars)
    .innerJoin(users, eq(users.id, avatars.ownerId))
    .where(eq(avatars.id, avatarId))
    .limit(1);
  return row;
}

/** The recorded facts of one avatar (see @app/domain/achievements), raw rows. */
export async function selectAvatarFacts(db: Db, avatarId: number) {
  const tasks = await db
    .select({
      status: onChainTasks.status,
      createdAt: onChainTasks.createdAt,
      completedAt: onChainTasks.completedAt,
      xp: onChainTasks.experienceEarned,
    })
    .from(onChainTasks)
    .where(and(eq(onChainTasks.avatarId, avatarId), inArray(onChainTasks.status, FINISHED_TASK_STATUSES)));
  const interactions = await db
    .select({
      at: trainingInteractions.createdAt,
      rating: trainingInteractions.successRating,
      xp: trainingInteractions.experienceGained,
    })
    .from(trainingInteractions)
    .where(eq(trainingInteractions.avatarId, avatarId));
  // Skills this avatar sold: completed transactions of its listings.
  const skillSales = await db
    .select({
      at: sql<Date>`coalesce(${skillTransactions.completedAt}, ${skillTransactions.createdAt})`.mapWith(
        skillTransactions.createdAt,
      ),
      price: skillTransactions.price,
    })
    .from(skillTransactions)
    .innerJoin(skillListings, eq(skillListings.id, skillTransactions.listingId))
    .where(and(eq(skillListings.avatarId, avatarId), eq(skillTransactions.status, SALE_COMPLETED)));
  const editions = await db
    .select({ at: avatarEditions.createdAt, source: avatarEditions.source, priceWei: avatarEditions.priceWei })
    .from(avatarEditions)
    .where(eq(avatarEditions.avatarId, avatarId));
  return { tasks, interactions, skillSales, editions };
}

/** The avatar's latest finished tasks (Work History), newest first, with the wallet that asked. */
export async function selectRecentJobs(db: Db, avatarId: number, limit: number) {
  return db
    .select({
      taskId: onChainTasks.taskId,
      taskType: onChainTasks.taskType,
      description: onChainTasks.taskDescription,
      status: onChainTasks.status,
      xp: onChainTasks.experienceEarned,
      walletAddress: onChainTasks.walletAddress,
      verificationData: onChainTasks.verificationData,
      transactionHash: onChainTasks.transactionHash,
      createdAt: onChainTasks.createdAt,
      completedAt: onChainTasks.completedAt,
    })
    .from(onChainTasks)
    .where(and(eq(onChainTasks.avatarId, avatarId), inArray(onChainTasks.status, FINISHED_TASK_STATUSES)))
    .orderBy(desc(sql`coalesce(${onChainTasks.completedAt}, ${onChainTasks.createdAt})`), desc(onChainTasks.id))
    .limit(limit);
}
