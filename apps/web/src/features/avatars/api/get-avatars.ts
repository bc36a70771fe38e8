import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

// The element type is left open until the avatars feature adds an Avatar schema to @app/domain/avatar;
// the dashboard only counts them for now.
export type OwnedAvatars = readonly unknown[];

/** SPEC §7 GET /api/avatars: the signed-in user's avatars. */
export async function getAvatars(): Promise<OwnedAvatars> {
  const res = await apiRequest('GET', '/api/avatars');
  return (await res.json()) as OwnedAvatars;
}

/** Query options of the user's avatars; invalidate through `.queryKey` after creating one. */
export function getAvatarsQueryOptions() {
  return queryOptions({ queryKey: ['/api/avatars'], queryFn: getAvatars });
}

/** The signed-in user's avatars. */
export function useAvatars() {
  return useQuery(getAvatarsQueryOptions());
}
