/**
 * SQL of "rate this": who really used an avatar, and the feedback rows.
 */
import { BOUGHT_EDITION_SOURCES } from '@app/domain/nft';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  avatarEditions,
  avatarFeedback,
  avatars,
  skillListings,
  skills,
  skillTransactions,
  teamMembers,
  teams,
} from '../../db/schema';

export type FeedbackRow = typeof avatarFeedback.$inferSelect;

/** One thing the user did with the avatar that entitles them to rate it. */
export interface Interaction {
  /** `edition:<tokenId>` | `skill:<skillTransactionId>` | `team:<teamId>` */
  ref: string;
  label: string;
}

/**
 * The user's interactions with avatar `avatarId` (not as its owner): editions of it they bought,
 * its skills they bought, teams where an avatar of theirs works with it. Newest first, at most 20 each.
 */
export async function interactionsOf(db: Db, avatarId: number, userId: string): Promise<Interaction[]> {
  const mate = alias(teamMembers, 'mate');
  const mateAvatar = alias(avatars, 'mate_avatar');
  const [editions, skillBuys, teamRows] = await Promise.all([
    db
      .select({ tokenId: avatarEditions.tokenId, edition: avatarEditions.edition })
      .from(avatarEditions)
      .where(
        and(
          eq(avatarEditions.avatarId, avatarId),
          eq(avatarEditions.userId, userId),
          inArray(avatarEditions.source, [...BOUGHT_EDITION_SOURCES]),
        ),
      )
      .orderBy(sql`${avatarEditions.id} desc`)
      .limit(20),
    db
      .select({ id: skillTransactions.id, skill: skills.name })
      .from(skillTransactions)
      .innerJoin(skillListings, eq(skillListings.id, skillTransactions.listingId))
      .innerJoin(skills, eq(skills.id, skillTransactions.skillId))
      .where(
        and(
          eq(skillListings.avatarId, avatarId),
          eq(skillTransactions.buyerId, userId),
          eq(skillTransactions.status, 'completed'),
        ),
      )
      .orderBy(sql`${skillTransactions.id} desc`)
      .limit(20),
    db
      .selectDistinct({ teamId: teams.id, team: teams.name, mate: mateAvatar.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(mate, and(eq(mate.teamId, teamMembers.teamId), ne(mate.avatarId, avatarId)))
      .innerJoin(mateAvatar, and(eq(mateAvatar.id, mate.avatarId), eq(mateAvatar.ownerId, userId)))
      .where(eq(teamMembers.avatarId, avatarId))
      .limit(20),
  ]);
  const seenTeams = new Set<number>();
  return [
    ...editions.map((e) => ({
      ref: `edition:${e.tokenId}`,
      label: `You bought edition #${e.edition} (token #${e.tokenId})`,
    })),
    ...skillBuys.map((s) => ({ ref: `skill:${s.id}`, label: `You bought its skill ${s.skill}` })),
    ...teamRows
      .filter((t) => !seenTeams.has(t.teamId) && seenTeams.add(t.teamId))
      .map((t) => ({ ref: `team:${t.teamId}`, label: `Your ${t.mate} works with it in team ${t.team}` })),
  ];
}

/** The user's feedback rows for an avatar, newest first. */
export function feedbackOfUser(db: Db, avatarId: number, userId: string): Promise<FeedbackRow[]> {
  return db
    .select()
    .from(avatarFeedback)
    .where(and(eq(avatarFeedback.avatarId, avatarId), eq(avatarFeedback.userId, userId)))
    .orderBy(sql`${avatarFeedback.id} desc`);
}

/** Inserts a feedback row; null when this (avatar, user, interaction) was rated before. */
export async function insertFeedback(db: Db, row: typeof avatarFeedback.$inferInsert): Promise<FeedbackRow | null> {
  const [inserted] = await db.insert(avatarFeedback).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findFeedback(db: Db, id: number): Promise<FeedbackRow | null> {
  const [row] = await db.select().from(avatarFeedback).where(eq(avatarFeedback.id, id)).limit(1);
  return row ?? null;
}

/** Moves a feedback row on (confirmed with its transaction, or failed with the reason). */
export async function setFeedbackStatus(
  db: Db,
  id: number,
  patch: { status: FeedbackRow['status']; transactionHash?: string | null; error?: string | null },
): Promise<FeedbackRow | null> {
  const [row] = await db
    .update(avatarFeedback)
    .set({ ...patch, ...(patch.status === 'confirmed' ? { confirmedAt: new Date() } : {}) })
    .where(eq(avatarFeedback.id, id))
    .returning();
  return row ?? null;
}

/** Distinct client addresses of the avatar's confirmed feedback: the verified clients getSummary is asked about. */
export async function verifiedClients(db: Db, avatarId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ client: avatarFeedback.clientAddress })
    .from(avatarFeedback)
    .where(and(eq(avatarFeedback.avatarId, avatarId), eq(avatarFeedback.status, 'confirmed')));
  return rows.map((r) => r.client);
}

/** The feedback file and its hash, set once the row's id (part of the file) is known. */
export async function setFeedbackFile(db: Db, id: number, file: Record<string, unknown>, feedbackHash: string) {
  const [row] = await db
    .update(avatarFeedback)
    .set({ file, feedbackHash })
    .where(eq(avatarFeedback.id, id))
    .returning();
  return row!;
}

/** An avatar that has not been archived, or null. */
export async function findActiveAvatar(db: Db, avatarId: number) {
  const [row] = await db
    .select()
    .from(avatars)
    .where(and(eq(avatars.id, avatarId), eq(avatars.isActive, true)))
    .limit(1);
  return row ?? null;
}
