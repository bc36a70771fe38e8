import type { AdminChainResponse } from '@app/domain/blockchain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/admin/chain: the signing key's outbox health and its newest chain writes (admins only). */
export async function getChainOutbox(): Promise<AdminChainResponse> {
  const res = await apiRequest('GET', '/api/admin/chain?limit=20');
  return (await res.json()) as AdminChainResponse;
}

/** Refetched every 3 s only while writes are pending (until each is confirmed). */
export function getChainOutboxQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/chain'],
    queryFn: getChainOutbox,
    refetchInterval: (query) => {
      const c = query.state.data?.health.counts;
      return c && (c.queued ?? 0) + (c.signed ?? 0) > 0 ? 3000 : false;
    },
  });
}

export function useChainOutbox() {
  return useQuery(getChainOutboxQueryOptions());
}
