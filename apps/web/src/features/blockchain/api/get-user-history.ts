import type { VerificationRecord } from '@app/domain/blockchain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** A full EVM address; the history is only asked for when the input holds one. */
export const isWalletAddress = (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value);

/** SPEC §7 GET /api/blockchain/user-history?walletAddress=0x…: the wallet's verification records. */
export async function getUserHistory(walletAddress: string): Promise<VerificationRecord[]> {
  const res = await apiRequest(
    'GET',
    `/api/blockchain/user-history?walletAddress=${encodeURIComponent(walletAddress)}`,
  );
  return (await res.json()) as VerificationRecord[];
}

/**
 * Query options of a wallet's history; the key holds the lower-cased address. While a record is
 * pending (its chain write not yet confirmed) the history is refetched every 1.5 s; never
 * otherwise.
 */
export function getUserHistoryQueryOptions(walletAddress: string) {
  const address = walletAddress.toLowerCase();
  return queryOptions({
    queryKey: ['/api/blockchain/user-history', address],
    queryFn: () => getUserHistory(address),
    enabled: isWalletAddress(address),
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'pending') ? 1500 : false),
  });
}

/** The verification history of `walletAddress`; idle until it is a full address. */
export function useUserHistory(walletAddress: string) {
  return useQuery(getUserHistoryQueryOptions(walletAddress));
}
