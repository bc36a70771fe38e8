/**
 * Agent access: the owner makes an avatar public and manages its API keys; an
 * outside agent's call is authenticated with one of those keys. A key acts as the user who created
 * it, under the web app's rules: only while that user still owns the avatar and has access (SPEC §4).
 */
import { createHash, randomBytes } from 'node:crypto';
import { accessStateOf } from '@app/domain/access';
import {
  type AgentAccess,
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  type ApiKey,
  type CreatedApiKey,
  MAX_LIVE_API_KEYS,
} from '@app/domain/agent-access';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatars, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { type AvatarRow, loadOwnedAvatar } from '../avatars/avatars-service';
import {
  type ApiKeyRow,
  countLiveKeys,
  findKeyByHash,
  insertKey,
  listKeys,
  revokeKey,
  setAgentPublic,
  touchKey,
} from './api-keys-repository';

/** hex SHA-256 of a key (what the table stores). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Absolute URLs of an avatar's agent endpoints. @param origin the public origin (PUBLIC_URL) */
export function agentEndpoints(origin: string, avatarId: number) {
  return {
    mcpUrl: new URL(`/api/agents/${avatarId}/mcp`, origin).href,
    a2aUrl: new URL(`/api/agents/${avatarId}/a2a`, origin).href,
    agentCardUrl: new URL(`/api/agents/${avatarId}/.well-known/agent-card.json`, origin).href,
  };
}

const toApiKey = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  label: r.label,
  prefix: `${r.prefix}…`,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

/** The public switch, endpoints and keys of an avatar the user owns. @throws HttpError 404/403 */
export async function readAgentAccess(db: Db, avatarId: number, userId: string, origin: string): Promise<AgentAccess> {
  const avatar = await loadOwnedAvatar(db, avatarId, userId);
  const { mcpUrl, agentCardUrl } = agentEndpoints(origin, avatar.id);
  return { public: avatar.agentPublic, mcpUrl, agentCardUrl, keys: (await listKeys(db, avatar.id)).map(toApiKey) };
}

/** Turns agent access of an avatar the user owns on or off. @throws HttpError 404/403 */
export async function updateAgentAccess(
  db: Db,
  avatarId: number,
  userId: string,
  value: boolean,
  origin: string,
): Promise<AgentAccess> {
  await loadOwnedAvatar(db, avatarId, userId);
  await setAgentPublic(db, avatarId, value);
  return readAgentAccess(db, avatarId, userId, origin);
}

/**
 * Creates a key for an avatar the user owns: `avk_` + 32 random bytes (base64url). The key is in
 * this answer only; the table keeps its SHA-256.
 * @throws HttpError 404/403 (ownership), 409 when the avatar already has MAX_LIVE_API_KEYS live keys
 */
export async function createApiKey(db: Db, avatarId: number, userId: string, label: string): Promise<CreatedApiKey> {
  const avatar = await loadOwnedAvatar(db, avatarId, userId);
  if ((await countLiveKeys(db, avatar.id)) >= MAX_LIVE_API_KEYS) {
    throw new HttpError(409, `An avatar can have at most ${MAX_LIVE_API_KEYS} live keys: revoke one first`);
  }
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertKey(db, {
    avatarId: avatar.id,
    userId,
    label,
    keyHash: hashApiKey(key),
    prefix: key.slice(0, API_KEY_SHOWN_CHARS),
  });
  return { ...toApiKey(row), key };
}

/** Keys of an avatar the user owns, newest first. @throws HttpError 404/403 */
export async function listApiKeys(db: Db, avatarId: number, userId: string): Promise<ApiKey[]> {
  const avatar = await loadOwnedAvatar(db, avatarId, userId);
  return (await listKeys(db, avatar.id)).map(toApiKey);
}

/** Revokes a key of an avatar the user owns (again is a no-op). @throws HttpError 404/403 */
export async function revokeApiKey(db: Db, avatarId: number, userId: string, keyId: number): Promise<ApiKey> {
  const avatar = await loadOwnedAvatar(db, avatarId, userId);
  const row = await revokeKey(db, avatar.id, keyId);
  if (!row) throw new HttpError(404, 'API key not found');
  return toApiKey(row);
}

/** The bearer token of an `Authorization` header (or an `X-API-Key` header), or null. */
export function bearerOf(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(\S+)$/i.exec(auth.trim());
    if (m) return m[1]!;
  }
  const x = headers['x-api-key'];
  return typeof x === 'string' && x.trim() ? x.trim() : null;
}

/** Who an authenticated agent call acts for. */
export interface AgentCaller {
  avatar: AvatarRow;
  /** the key's creator, the avatar's owner */
  userId: string;
  keyId: number;
}

/**
 * Authenticates an outside agent's call to avatar `avatarId`.
 * @throws HttpError 401 without a key, or with an unknown or revoked one; 403 for a key of another
 *   avatar, or whose creator no longer owns the avatar or has no access; 404 when the avatar does
 *   not exist or is not public.
 */
export async function authenticateAgentCall(db: Db, avatarId: number, key: string | null): Promise<AgentCaller> {
  if (!key) throw new HttpError(401, 'An API key is required (Authorization: Bearer <key>)');
  const row = await findKeyByHash(db, hashApiKey(key));
  if (!row || row.revokedAt) throw new HttpError(401, 'This API key is not valid or has been revoked');
  if (row.avatarId !== avatarId) throw new HttpError(403, 'This API key belongs to another avatar');
  const [avatar] = await db.select().from(avatars).where(eq(avatars.id, avatarId)).limit(1);
  if (!avatar?.agentPublic || !avatar.isActive) throw new HttpError(404, 'This avatar does not take agent calls');
  if (avatar.ownerId !== row.userId) throw new HttpError(403, 'The key was made by a previous owner of this avatar');
  const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user || !accessStateOf(user as never).hasAccess) {
    throw new HttpError(403, "The owner's account is pending approval");
  }
  await touchKey(db, row.id);
  return { avatar, userId: row.userId, keyId: row.id };
}

/** A public avatar (for its agent card). @throws HttpError 404 when absent or not public */
export async function loadPublicAvatar(db: Db, avatarId: number): Promise<AvatarRow> {
  const [avatar] = await db.select().from(avatars).where(eq(avatars.id, avatarId)).limit(1);
  if (!avatar?.agentPublic || !avatar.isActive) throw new HttpError(404, 'This avatar does not take agent calls');
  return avatar;
}
