/**
 * SQL of selling: skill listings with the names the SKILLS_MARKETPLACE shows, and
 * avatar prices. "Active" means buyable now: not cancelled, not expired, and the seller's avatar still
 * has the skill at the listed proficiency (a listing that outgrew its avatar is hidden, not sold).
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatarEditions, avatars, skillListings, skills, skillTransactions, users } from '../../db/schema';

export type ListingRow = typeof skillListings.$inferSelect;

/** A listing joined with its skill, seller avatar, seller and completed sales. */
export interface ListingView {
  listing: ListingRow;
  skillName: string;
  category: string;
  avatarName: string;
  avatarEdition: number;
  sellerName: string;
  sales: number;
}

const sellerName = sql<string>`coalesce(
  nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''),
  split_part(${users.email}, '@', 1),
  'ANON')`;

/** SQL: the listing can be bought now. */
export const listingIsActive = sql`(${skillListings.isActive}
  and (${skillListings.expiresAt} is null or ${skillListings.expiresAt} > now())
  and exists (select 1 from avatar_skills x where x.avatar_id = ${skillListings.avatarId}
    and x.skill_id = ${skillListings.skillId} and x.proficiency >= ${skillListings.proficiencyLevel}))`;

/** Listings, newest first, filtered by `active` (buyable now), seller, skill and seller avatar. */
export async function listListings(
  db: Db,
  f: { active: boolean; sellerId?: string; skillId?: number; avatarId?: number; limit: number },
): Promise<ListingView[]> {
  const where: (SQL | undefined)[] = [
    f.active ? listingIsActive : undefined,
    f.sellerId ? eq(skillListings.sellerId, f.sellerId) : undefined,
    f.skillId ? eq(skillListings.skillId, f.skillId) : undefined,
    f.avatarId ? eq(skillListings.avatarId, f.avatarId) : undefined,
  ];
  const rows = await db
    .select({
      listing: skillListings,
      skillName: skills.name,
      category: skills.category,
      avatarName: avatars.name,
      avatarEdition: avatars.edition,
      sellerName,
      sales: sql<number>`(select count(*)::int from ${skillTransactions} t
        where t.listing_id = ${skillListings.id} and t.status = 'completed')`,
    })
    .from(skillListings)
    .innerJoin(skills, eq(skills.id, skillListings.skillId))
    .innerJoin(avatars, eq(avatars.id, skillListings.avatarId))
    .innerJoin(users, eq(users.id, skillListings.sellerId))
    .where(and(...where))
    .orderBy(desc(skillListings.createdAt), desc(skillListings.id))
    .limit(f.limit);
  return rows.map((r) => ({ ...r, sales: Number(r.sales) }));
}

export async function findListingView(db: Db, id: number): Promise<ListingView | null> {
  const rows = await db
    .select({
      listing: skillListings,
      skillName: skills.name,
      category: skills.category,
      avatarName: avatars.name,
      avatarEdition: avatars.edition,
      sellerName,
      sales: sql<number>`0`,
    })
    .from(skillListings)
    .innerJoin(skills, eq(skills.id, skillListings.skillId))
    .innerJoin(avatars, eq(avatars.id, skillListings.avatarId))
    .innerJoin(users, eq(users.id, skillListings.sellerId))
    .where(eq(skillListings.id, id))
    .limit(1);
  return rows[0] ? { ...rows[0], sales: 0 } : null;
}

/** An active listing of this skill by this avatar, if any (one at a time per avatar and skill). */
export async function findActiveListing(db: Db, avatarId: number, skillId: number): Promise<ListingRow | null> {
  const [l] = await db
    .select()
    .from(skillListings)
    .where(
      and(
        eq(skillListings.avatarId, avatarId),
        eq(skillListings.skillId, skillId),
        eq(skillListings.isActive, true),
        sql`(${skillListings.expiresAt} is null or ${skillListings.expiresAt} > now())`,
      ),
    )
    .limit(1);
  return l ?? null;
}

export async function insertListing(db: Db, values: typeof skillListings.$inferInsert): Promise<ListingRow> {
  const [l] = await db.insert(skillListings).values(values).returning();
  if (!l) throw new Error('listing insert returned nothing');
  return l;
}

export async function deactivateListing(db: Db, id: number): Promise<void> {
  await db.update(skillListings).set({ isActive: false }).where(eq(skillListings.id, id));
}

export async function setAvatarPrice(db: Db, avatarId: number, priceEth: string | null) {
  const [a] = await db
    .update(avatars)
    .set({ priceEth, updatedAt: new Date() })
    .where(eq(avatars.id, avatarId))
    .returning();
  return a ?? null;
}

/**
 * The series an avatar's token belongs to, when the avatar is someone's bought edition (its token is an
 * edition of another avatar); null for a series itself or an avatar not minted yet.
 */
export async function seriesOfEditionAvatar(db: Db, avatar: { id: number; tokenId: number | null }) {
  if (avatar.tokenId === null) return null;
  const [e] = await db
    .select({ seriesId: avatarEditions.avatarId, name: avatars.name, edition: avatarEditions.edition })
    .from(avatarEditions)
    .innerJoin(avatars, eq(avatars.id, avatarEditions.avatarId))
    .where(eq(avatarEditions.tokenId, avatar.tokenId))
    .limit(1);
  return e && e.seriesId !== avatar.id ? e : null;
}
