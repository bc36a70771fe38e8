/**
 * SQL of the NFT page: which tokens a user holds, the user's linked wallet, edition
 * counts and records, the skills an avatar has.
 */
import { BOUGHT_EDITION_SOURCES, type NftTokenSource } from '@app/domain/nft';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { avatarEditions, avatarSkills, avatars, skills } from '../../db/schema';
import type { AvatarRow } from '../avatars/avatars-service';

/** A token the user may hold, as the DB knows it (the chain decides who holds it now). */
export interface UserTokenRow {
  tokenId: number;
  edition: number;
  /** The user's avatar row for this token, else the series' (a received token). */
  avatarId: number;
  name: string;
  agentType: string;
  maxEditions: number;
  source: NftTokenSource;
  /** Whether the DB records the user as its owner (minted or bought), not only its wallet as holder. */
  ownedInDb: boolean;
}

/**
 * The tokens the user may hold (MY_AVATAR_TOKENS): their avatars' own tokens and
 * their copies of bought editions, editions they minted, and editions recorded at their linked wallet.
 * Not: editions of their series that other people minted or bought. Ordered by tokenId, at most 200.
 */
export async function tokensOfUser(db: Db, userId: string, wallet: string | null): Promise<UserTokenRow[]> {
  const series = alias(avatars, 'series');
  const mine = alias(avatars, 'mine');
  const rows = await db
    .select({
      tokenId: avatarEditions.tokenId,
      edition: avatarEditions.edition,
      source: avatarEditions.source,
      editionUserId: avatarEditions.userId,
      seriesId: series.id,
      seriesName: series.name,
      agentType: series.agentType,
      maxEditions: series.maxEditions,
      mineId: mine.id,
      mineName: mine.name,
    })
    .from(avatarEditions)
    .innerJoin(series, eq(series.id, avatarEditions.avatarId))
    .leftJoin(mine, and(eq(mine.tokenId, avatarEditions.tokenId), eq(mine.ownerId, userId), eq(mine.isActive, true)))
    .where(
      or(
        isNotNull(mine.id),
        eq(avatarEditions.userId, userId),
        wallet ? eq(avatarEditions.holderAddress, wallet.toLowerCase()) : sql`false`,
      ),
    )
    .orderBy(avatarEditions.tokenId)
    .limit(200);
  return rows.map((r) => {
    const ownedInDb = r.mineId !== null || r.editionUserId === userId;
    const bought = (BOUGHT_EDITION_SOURCES as readonly string[]).includes(r.source) && r.editionUserId === userId;
    return {
      tokenId: r.tokenId,
      edition: r.edition,
      avatarId: r.mineId ?? r.seriesId,
      name: r.mineName ?? r.seriesName,
      agentType: r.agentType,
      maxEditions: r.maxEditions,
      source: bought ? 'bought' : ownedInDb ? 'minted' : 'received',
      ownedInDb,
    };
  });
}

/**
 * The user's avatar behind token `tokenId`: the avatar row holding it (their
 * original or their copy of a bought edition), else the series of an edition they minted.
 */
export async function avatarOfUserToken(db: Db, tokenId: number, userId: string): Promise<AvatarRow | null> {
  const [own] = await db
    .select()
    .from(avatars)
    .where(and(eq(avatars.tokenId, tokenId), eq(avatars.ownerId, userId), eq(avatars.isActive, true)))
    .limit(1);
  if (own) return own;
  const [viaEdition] = await db
    .select({ a: avatars })
    .from(avatarEditions)
    .innerJoin(avatars, eq(avatars.id, avatarEditions.avatarId))
    .where(
      and(
        eq(avatarEditions.tokenId, tokenId),
        eq(avatarEditions.userId, userId),
        eq(avatars.ownerId, userId),
        eq(avatars.isActive, true),
      ),
    )
    .limit(1);
  return viaEdition?.a ?? null;
}

/** Whether any avatar or edition row knows token `tokenId`. */
export async function tokenKnown(db: Db, tokenId: number): Promise<boolean> {
  const [e] = await db
    .select({ id: avatarEditions.id })
    .from(avatarEditions)
    .where(eq(avatarEditions.tokenId, tokenId))
    .limit(1);
  if (e) return true;
  const [a] = await db.select({ id: avatars.id }).from(avatars).where(eq(avatars.tokenId, tokenId)).limit(1);
  return Boolean(a);
}

/** Editions of a series recorded so far (its own mint included). */
export async function countEditions(db: Db, avatarId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(avatarEditions)
    .where(eq(avatarEditions.avatarId, avatarId));
  return row?.n ?? 0;
}

/** Records an edition the user's wallet minted by voucher, once per token. @returns whether it was new */
export async function recordVoucherEdition(
  db: Db,
  e: {
    avatarId: number;
    tokenId: number;
    edition: number;
    holder: string;
    userId: string;
    priceWei: bigint;
    txHash: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(avatarEditions)
    .values({
      avatarId: e.avatarId,
      tokenId: e.tokenId,
      edition: e.edition,
      holderAddress: e.holder.toLowerCase(),
      userId: e.userId,
      source: 'voucher',
      priceWei: e.priceWei.toString(),
      transactionHash: e.txHash,
    })
    .onConflictDoNothing()
    .returning({ id: avatarEditions.id });
  return inserted.length > 0;
}

/** The avatar's skill named `name` (case-insensitive) with its proficiency, or null. */
export async function findAvatarSkill(db: Db, avatarId: number, name: string) {
  const [s] = await db
    .select({ skillId: skills.id, name: skills.name, proficiency: avatarSkills.proficiency })
    .from(avatarSkills)
    .innerJoin(skills, eq(skills.id, avatarSkills.skillId))
    .where(and(eq(avatarSkills.avatarId, avatarId), sql`lower(${skills.name}) = lower(${name})`))
    .limit(1);
  return s ?? null;
}

/** Stores the ERC-4907 state read back from chain on the avatar row holding the token. */
export async function setDelegationStatus(db: Db, avatarIds: number[], status: 'DELEGATED' | 'NONE') {
  if (!avatarIds.length) return;
  await db
    .update(avatars)
    .set({ delegationStatus: status, updatedAt: new Date() })
    .where(inArray(avatars.id, avatarIds));
}
