import type { VerifiableTask } from '@app/domain/blockchain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/blockchain/avatars/:id/verifiable-tasks: the avatar's finished tasks. */
export async function getVerifiableTasks(avatarId: number): Promise<VerifiableTask[]> {
  const res = await apiRequest('GET', `/api/blockchain/avatars/${avatarId}/verifiable-tasks`);
  return (await res.json()) as VerifiableTask[];
}

/** Query options of an avatar's verifiable tasks; idle without an avatar. Refetched while one is pending. */
export function getVerifiableTasksQueryOptions(avatarId: number | null) {
  return queryOptions({
    queryKey: ['/api/blockchain/avatars', avatarId, 'verifiable-tasks'],
    queryFn: () => getVerifiableTasks(avatarId!),
    enabled: avatarId != null,
    refetchInterval: (query) => (query.state.data?.some((t) => t.status === 'pending') ? 1500 : false),
  });
}

/** The finished tasks of `avatarId` (null: none chosen yet). */
export function useVerifiableTasks(avatarId: number | null) {
  return useQuery(getVerifiableTasksQueryOptions(avatarId));
}
