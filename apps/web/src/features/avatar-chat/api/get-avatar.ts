import type { Avatar } from '@app/domain/avatar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/avatars/:id: one avatar the user owns, with its skills (403 someone else's, 404 unknown). */
export async function getAvatar(id: string): Promise<Avatar> {
  const res = await apiRequest('GET', `/api/avatars/${encodeURIComponent(id)}`);
  return (await res.json()) as Avatar;
}

/** Query options of one avatar; the key nests under the avatars list key. */
export function getAvatarQueryOptions(id: string) {
  return queryOptions({ queryKey: ['/api/avatars', id], queryFn: () => getAvatar(id) });
}

/** One avatar of the signed-in user, by route id. */
export function useAvatar(id: string) {
  return useQuery(getAvatarQueryOptions(id));
}
