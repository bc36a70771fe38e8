import type { Earnings } from '@app/domain/purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/earnings: the seller's off-chain card-sale earnings (ledger balance and latest rows). */
export async function getEarnings(): Promise<Earnings> {
  const res = await apiRequest('GET', '/api/earnings');
  return (await res.json()) as Earnings;
}

export function getEarningsQueryOptions() {
  return queryOptions({ queryKey: ['/api/earnings'], queryFn: getEarnings });
}

export function useEarnings() {
  return useQuery(getEarningsQueryOptions());
}
