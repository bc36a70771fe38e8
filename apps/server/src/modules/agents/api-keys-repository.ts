/**
 * Storage of avatar API keys and the avatar's public switch. Only the SHA-256 of a
 * key is stored (`avatar_api_keys.key_hash`).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatarApiKeys, avatars } from '../../db/schema';

export type ApiKeyRow = typeof avatarApiKeys.$inferSelect;

/** Keys of an avatar, newest first, revoked ones included. */
export function listKeys(db: Db, avatarId: number): Promise<ApiKeyRow[]> {
  return db.select().from(avatarApiKeys).where(eq(avatarApiKeys.avatarId, avatarId)).orderBy(desc(avatarApiKeys.id));
}

/** How many keys of an avatar are not revoked. */
export async function countLiveKeys(db: Db, avatarId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(avatarApiKeys)
    .where(and(eq(avatarApiKeys.avatarId, avatarId), isNull(avatarApiKeys.revokedAt)));
  return r?.n ?? 0;
}

/** Stores a new key (its hash). */
export async function insertKey(
  db: Db,
  row: { avatarId: number; userId: string; label: string; keyHash: string; prefix: string },
): Promise<ApiKeyRow> {
  const [r] = await db.insert(avatarApiKeys).values(row).returning();
  return r!;
}

/** Marks a key of the avatar revoked (once). @returns the row, or null when the avatar has no such key */
export async function revokeKey(db: Db, avatarId: number, keyId: number): Promise<ApiKeyRow | null> {
  const [updated] = await db
    .update(avatarApiKeys)
    .set({ revokedAt: sql`coalesce(${avatarApiKeys.revokedAt}, now())` })
    .where(and(eq(avatarApiKeys.id, keyId), eq(avatarApiKeys.avatarId, avatarId)))
    .returning();
  return updated ?? null;
}

/** The key with this hash, or null. */
export async function findKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | null> {
  const [r] = await db.select().from(avatarApiKeys).where(eq(avatarApiKeys.keyHash, keyHash)).limit(1);
  return r ?? null;
}

/** Records a use of the key (at most one write a minute per key). */
export async function touchKey(db: Db, keyId: number): Promise<void> {
  await db
    .update(avatarApiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(avatarApiKeys.id, keyId),
        sql`(${avatarApiKeys.lastUsedAt} is null or ${avatarApiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}

/** Sets the avatar's public switch. */
export async function setAgentPublic(db: Db, avatarId: number, value: boolean): Promise<void> {
  await db.update(avatars).set({ agentPublic: value, updatedAt: new Date() }).where(eq(avatars.id, avatarId));
}
