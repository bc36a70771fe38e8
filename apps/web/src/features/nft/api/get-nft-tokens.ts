import type { NftToken } from '@app/domain/nft';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** One avatar token the user holds (minted, bought or received). */
export type { NftToken } from '@app/domain/nft';

/** GET /api/nft/tokens: the user's avatar tokens with holder and delegate from chain. */
export async function getNftTokens(): Promise<NftToken[]> {
  const res = await apiRequest('GET', '/api/nft/tokens');
  return (await res.json()) as NftToken[];
}

/** Query options of the user's tokens; invalidated after a mint, claim or delegation. */
export function getNftTokensQueryOptions() {
  return queryOptions({ queryKey: ['/api/nft/tokens'], queryFn: getNftTokens });
}

/** The signed-in user's avatar tokens (pass `enabled: false` for visitors). */
export function useNftTokens({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getNftTokensQueryOptions(), enabled });
}
