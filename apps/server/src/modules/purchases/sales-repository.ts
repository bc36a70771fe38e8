/**
 * SQL that records a sale once (STYLE: repositories hold SQL): an edition with the buyer's own
 * avatar for it, or a skill with its transaction, each in one DB transaction behind the series lock.
 * Unique keys turn a repeated write into "nothing inserted", answered by the services as a replay.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatarEditions, avatarSkills, avatars, skillTransactions } from '../../db/schema';
import type { AvatarRow, EditionRow, ListingRow, SkillTransactionRow } from './purchase-rows';

/** Locks a series row until the transaction ends (purchases of its editions queue behind it). */
export async function lockAvatar(db: Db, id: number): Promise<AvatarRow | null> {
  const [a] = await db.select().from(avatars).where(eq(avatars.id, id)).for('update');
  return a ?? null;
}

/**
 * Records a sold edition once, in one transaction: the avatar_editions row (unique token id,
 * transaction hash and (series, edition)) and the buyer's own avatar for it — a copy of the series'
 * identity (name, type, look, personality, skills) owned by the buyer, holding the edition's token,
 * starting at level 1. `afterInsert` runs in the same transaction (e.g. marks the card payment).
 * @returns the new edition and avatar, or null when this transaction hash / token was recorded before
 */
export async function recordEditionSale(
  db: Db,
  p: {
    series: AvatarRow;
    buyerId: string;
    tokenId: number;
    edition: number;
    holderAddress: string;
    source: 'marketplace' | 'card';
    priceWei: bigint;
    transactionHash: string;
    contractAddress: string;
    afterInsert?: (tx: Db, buyerAvatar: AvatarRow) => Promise<void>;
  },
): Promise<{ edition: EditionRow; buyerAvatar: AvatarRow } | null> {
  return db.transaction(async (tx) => {
    const [edition] = await tx
      .insert(avatarEditions)
      .values({
        avatarId: p.series.id,
        tokenId: p.tokenId,
        edition: p.edition,
        holderAddress: p.holderAddress.toLowerCase(),
        userId: p.buyerId,
        source: p.source,
        priceWei: p.priceWei.toString(),
        transactionHash: p.transactionHash.toLowerCase(),
      })
      .onConflictDoNothing()
      .returning();
    if (!edition) return null;
    const s = p.series;
    const [buyerAvatar] = await tx
      .insert(avatars)
      .values({
        ownerId: p.buyerId,
        tokenId: p.tokenId,
        contractAddress: p.contractAddress,
        name: s.name,
        description: s.description,
        agentType: s.agentType,
        capabilities: s.capabilities,
        readyPlayerMeUrl: s.readyPlayerMeUrl,
        readyPlayerMeConfig: s.readyPlayerMeConfig,
        personalityTraits: s.personalityTraits,
        walletAddress: p.holderAddress.toLowerCase(),
        edition: p.edition,
        maxEditions: s.maxEditions,
        thumbnailUrl: s.thumbnailUrl,
        category: s.category,
        mintTxHash: p.transactionHash.toLowerCase(),
        verificationStatus: 'verified',
      })
      .returning();
    if (!buyerAvatar) throw new Error('edition avatar insert returned nothing');
    await tx.execute(sql`
      insert into avatar_skills (avatar_id, skill_id, proficiency)
      select ${buyerAvatar.id}, skill_id, proficiency from avatar_skills where avatar_id = ${s.id}
      on conflict do nothing`);
    await p.afterInsert?.(tx as unknown as Db, buyerAvatar);
    return { edition, buyerAvatar };
  });
}

/**
 * Records a sold skill once, in one transaction: the skill_transactions row (status completed,
 * unique transaction hash) and the skill on the buyer's avatar at the bought proficiency (kept when
 * it already had more). `afterInsert` runs in the same transaction.
 * @returns the transaction row, or null when this transaction hash was recorded before
 */
export async function recordSkillSale(
  db: Db,
  p: {
    buyerId: string;
    listing: ListingRow;
    buyerAvatarId: number;
    proficiency: number;
    transactionHash: string;
    afterInsert?: (tx: Db, row: SkillTransactionRow) => Promise<void>;
  },
): Promise<SkillTransactionRow | null> {
  return db.transaction(async (tx) => {
    // The lock a card order takes before its checks (PurchasesService.claimAttempt): a skill that
    // lands here is seen by every order opened after this commits.
    await lockAvatar(tx as unknown as Db, p.buyerAvatarId);
    const now = new Date();
    const [row] = await tx
      .insert(skillTransactions)
      .values({
        buyerId: p.buyerId,
        sellerId: p.listing.sellerId,
        listingId: p.listing.id,
        avatarId: p.buyerAvatarId,
        skillId: p.listing.skillId,
        price: p.listing.price,
        transactionHash: p.transactionHash.toLowerCase(),
        status: 'completed',
        completedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx
      .insert(avatarSkills)
      .values({ avatarId: p.buyerAvatarId, skillId: p.listing.skillId, proficiency: p.proficiency, acquiredAt: now })
      .onConflictDoUpdate({
        target: [avatarSkills.avatarId, avatarSkills.skillId],
        set: { proficiency: sql`greatest(${avatarSkills.proficiency}, excluded.proficiency)` },
      });
    await p.afterInsert?.(tx as unknown as Db, row);
    return row;
  });
}
