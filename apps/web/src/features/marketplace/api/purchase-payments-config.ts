import type { PaymentsConfig } from '@app/domain/purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/payments/config: the card processor behind the card tab (sandbox, or Stripe with its publishable key). */
export async function getPaymentsConfig(): Promise<PaymentsConfig> {
  const res = await apiRequest('GET', '/api/payments/config');
  return (await res.json()) as PaymentsConfig;
}

/** It never changes while the server runs. */
export function getPaymentsConfigQueryOptions() {
  return queryOptions({ queryKey: ['/api/payments/config'], queryFn: getPaymentsConfig });
}

export function usePaymentsConfig() {
  return useQuery(getPaymentsConfigQueryOptions());
}
