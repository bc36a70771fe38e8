import type { Avatar } from '@app/domain/avatar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';
import { queryClient } from './query-client';

/**
 * Shared by the dashboard, the studio (invalidates after creating) and the avatar chat page
 * (updates level/XP after a reply), so it lives in lib/ rather than in one feature.
 */

/** SPEC §7 GET /api/avatars: the signed-in user's avatars, oldest first. */
export async function getAvatars(): Promise<Avatar[]> {
  const res = await apiRequest('GET', '/api/avatars');
  return (await res.json()) as Avatar[];
}

/** True while an avatar's mint is recorded but not yet confirmed on chain (pending until the mint's receipt). */
export const isMintPending = (a: Avatar) => a.tokenId === null && a.verificationStatus === 'pending';

/** Poll interval while a mint is pending, ms; no polling otherwise. */
export const PENDING_POLL_MS = 1500;

/**
 * Query options of the user's avatars; invalidate through `.queryKey` after creating one. Refetched
 * every 1.5 s only while some avatar's mint is pending (the chain write is sent by the outbox).
 */
export function getAvatarsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/avatars'],
    queryFn: getAvatars,
    refetchInterval: (query) => (query.state.data?.some(isMintPending) ? PENDING_POLL_MS : false),
  });
}

/** The signed-in user's avatars. */
export function useAvatars() {
  return useQuery(getAvatarsQueryOptions());
}

/** The training state a chat reply returns for its avatar (server `ChatOutcome.avatar`). */
export interface AvatarProgress {
  id: number;
  level: number;
  experiencePoints: number;
  totalInteractions: number;
}

/**
 * Writes an avatar's new level/XP/interaction count into the cached list, so the sidebar and the
 * header show them without a refetch. No-op when the list is not cached.
 */
export function applyAvatarProgress(progress: AvatarProgress): void {
  queryClient.setQueryData(getAvatarsQueryOptions().queryKey, (list) =>
    list?.map((a) =>
      a.id === progress.id
        ? {
            ...a,
            level: progress.level,
            experiencePoints: progress.experiencePoints,
            totalInteractions: progress.totalInteractions,
          }
        : a,
    ),
  );
}
