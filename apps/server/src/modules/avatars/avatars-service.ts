/**
 * Avatars: creation (with a deterministic portrait as thumbnail), listing with skills, and the
 * ownership check every avatar write goes through (DESIGN §4: 401 signed out, 403 not yours).
 */
import { type AgentType, type Avatar, type CreateAvatar, DEFAULT_CAPABILITIES } from '@app/domain/avatar';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatarSkills, avatars, skills } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';

export type AvatarRow = typeof avatars.$inferSelect;
export type AvatarSkill = Avatar['skills'][number];

/** API shape of an avatar row (SPEC §3); `imageUrl` mirrors the thumbnail for the dashboard. */
export function toAvatarJson(row: AvatarRow, skillList: AvatarSkill[] = []): Avatar {
  return {
    id: row.id,
    ownerId: row.ownerId,
    tokenId: row.tokenId,
    contractAddress: row.contractAddress,
    name: row.name,
    description: row.description,
    agentType: row.agentType as AgentType,
    capabilities: row.capabilities,
    readyPlayerMeUrl: row.readyPlayerMeUrl,
    readyPlayerMeConfig: row.readyPlayerMeConfig ?? null,
    personalityTraits: row.personalityTraits,
    walletAddress: row.walletAddress,
    delegationStatus: row.delegationStatus,
    isActive: row.isActive,
    totalInteractions: row.totalInteractions,
    level: row.level,
    experiencePoints: row.experiencePoints,
    edition: row.edition,
    maxEditions: row.maxEditions,
    thumbnailUrl: row.thumbnailUrl,
    imageUrl: row.thumbnailUrl,
    priceEth: row.priceEth,
    featured: row.featured,
    category: row.category,
    mintTxHash: row.mintTxHash,
    verificationStatus: row.verificationStatus,
    skills: skillList,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Skills of several avatars at once, keyed by avatar id, highest proficiency first. */
export async function skillsByAvatar(db: Db, avatarIds: number[]): Promise<Map<number, AvatarSkill[]>> {
  const map = new Map<number, AvatarSkill[]>();
  if (!avatarIds.length) return map;
  const rows = await db
    .select({
      avatarId: avatarSkills.avatarId,
      id: skills.id,
      name: skills.name,
      category: skills.category,
      proficiency: avatarSkills.proficiency,
    })
    .from(avatarSkills)
    .innerJoin(skills, eq(skills.id, avatarSkills.skillId))
    .where(inArray(avatarSkills.avatarId, avatarIds));
  for (const r of rows) {
    const list = map.get(r.avatarId) ?? [];
    list.push({ id: r.id, name: r.name, category: r.category, proficiency: r.proficiency });
    map.set(r.avatarId, list);
  }
  for (const list of map.values()) list.sort((a, b) => b.proficiency - a.proficiency || a.name.localeCompare(b.name));
  return map;
}

/** The signed-in user's avatars with their skills, oldest first. */
export async function listOwnedAvatars(db: Db, ownerId: string): Promise<Avatar[]> {
  // Archived avatars are not the user's any more as far as the app goes.
  const rows = await db
    .select()
    .from(avatars)
    .where(and(eq(avatars.ownerId, ownerId), eq(avatars.isActive, true)))
    .orderBy(asc(avatars.id));
  const sk = await skillsByAvatar(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toAvatarJson(r, sk.get(r.id)));
}

/**
 * Loads an avatar the user owns.
 * @throws HttpError 404 when absent or archived, 403 when someone else's.
 */
export async function loadOwnedAvatar(db: Db, avatarId: number, userId: string): Promise<AvatarRow> {
  const [row] = await db.select().from(avatars).where(eq(avatars.id, avatarId)).limit(1);
  if (!row?.isActive) throw notFound('Avatar');
  if (row.ownerId !== userId) throw forbidden('This avatar belongs to someone else');
  return row;
}

export interface CreateAvatarHooks {
  /**
   * Runs in the transaction that inserts the avatar (e.g. records its mint intent in the chain
   * outbox, ADR 008): both are stored or neither.
   */
  inTransaction?: (tx: Db, row: AvatarRow) => Promise<void>;
  /** Renders the default appearance; returns the stored thumbnail URL. */
  portrait?: (a: { id: number; name: string; agentType: AgentType }) => Promise<string | null>;
}

/** Creates an avatar owned by `ownerId` with the type's starting capabilities and its portrait. */
export async function createAvatar(
  db: Db,
  ownerId: string,
  input: CreateAvatar,
  hooks: CreateAvatarHooks = {},
): Promise<AvatarRow> {
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(avatars)
      .values({
        ownerId,
        name: input.name,
        description: input.description ?? null,
        agentType: input.agentType,
        personalityTraits: input.personalityTraits,
        readyPlayerMeUrl: input.readyPlayerMeUrl ?? null,
        readyPlayerMeConfig: input.readyPlayerMeConfig ?? null,
        capabilities: DEFAULT_CAPABILITIES[input.agentType],
        category: input.agentType === 'HACKER' ? 'security' : input.agentType === 'CREATOR' ? 'creative' : 'analytical',
      })
      .returning();
    if (!inserted) throw new Error('avatar insert returned nothing');
    await hooks.inTransaction?.(tx as unknown as Db, inserted);
    return inserted;
  });
  if (!hooks.portrait) return row;
  const url = await hooks.portrait({ id: row.id, name: row.name, agentType: input.agentType });
  if (!url) return row;
  const [updated] = await db.update(avatars).set({ thumbnailUrl: url }).where(eq(avatars.id, row.id)).returning();
  return updated ?? row;
}
