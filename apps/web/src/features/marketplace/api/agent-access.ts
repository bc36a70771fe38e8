import type { AgentAccess, ApiKey, CreatedApiKey } from '@app/domain/agent-access';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * GET /api/avatars/{id}/agent-access: the public switch, MCP / A2A endpoints and
 * API keys of an avatar the signed-in user owns; `null` for anyone else (401/403/404), so the panel
 * only shows to the owner.
 */
export async function getAgentAccess(avatarId: string, signal?: AbortSignal): Promise<AgentAccess | null> {
  const res = await fetch(`/api/avatars/${encodeURIComponent(avatarId)}/agent-access`, {
    credentials: 'include',
    signal,
  });
  if (res.status === 401 || res.status === 403 || res.status === 404) return null;
  if (!res.ok) throw new Error('Failed to load agent access');
  return (await res.json()) as AgentAccess;
}

export function getAgentAccessQueryOptions(avatarId: string) {
  return queryOptions({
    queryKey: ['/api/avatars', avatarId, 'agent-access'],
    queryFn: ({ signal }) => getAgentAccess(avatarId, signal),
    retry: false,
  });
}

export function useAgentAccess(avatarId: string, enabled: boolean) {
  return useQuery({ ...getAgentAccessQueryOptions(avatarId), enabled });
}

/** PUT /api/avatars/{id}/agent-access: makes the avatar callable by other agents, or not. */
export async function setAgentPublic(avatarId: string, value: boolean): Promise<AgentAccess> {
  const res = await apiRequest('PUT', `/api/avatars/${encodeURIComponent(avatarId)}/agent-access`, { public: value });
  return (await res.json()) as AgentAccess;
}

/** POST /api/avatars/{id}/api-keys: a new key; the answer is the only time `key` is shown. */
export async function createApiKey(avatarId: string, label: string): Promise<CreatedApiKey> {
  const res = await apiRequest('POST', `/api/avatars/${encodeURIComponent(avatarId)}/api-keys`, { label });
  return (await res.json()) as CreatedApiKey;
}

/** DELETE /api/avatars/{id}/api-keys/{keyId}: revokes a key (calls with it answer 401 from then on). */
export async function revokeApiKey(avatarId: string, keyId: number): Promise<ApiKey> {
  const res = await apiRequest('DELETE', `/api/avatars/${encodeURIComponent(avatarId)}/api-keys/${keyId}`);
  return (await res.json()) as ApiKey;
}
