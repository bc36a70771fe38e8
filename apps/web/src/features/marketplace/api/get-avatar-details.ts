import type { AvatarDetail } from '@app/domain/marketplace';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * SPEC §7 GET /api/avatar-details/{id}: the avatar detail. "A non-OK response raises 'Failed to
 * fetch avatar details'" (the page then shows 'Avatar Not Found').
 */
export async function getAvatarDetails(id: string, signal?: AbortSignal): Promise<AvatarDetail> {
  const res = await fetch(`/api/avatar-details/${encodeURIComponent(id)}`, { credentials: 'include', signal });
  if (!res.ok) throw new Error('Failed to fetch avatar details');
  return (await res.json()) as AvatarDetail;
}

/** Query options of one avatar's detail; purchases refresh it through `.queryKey` (SPEC §7). */
export function getAvatarDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['/api/avatar-details', id],
    queryFn: ({ signal }) => getAvatarDetails(id, signal),
  });
}

/** The avatar detail of `/avatar/{id}`. */
export function useAvatarDetails(id: string) {
  return useQuery(getAvatarDetailsQueryOptions(id));
}
