import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** One avatar token of the signed-in user, with its holder and ERC-4907 user read from chain. */
export interface NftToken {
  tokenId: number;
  avatarId: number;
  name: string;
  agentType: string;
  edition: number;
  maxEditions: number;
  /** Current owner on chain (checksummed). */
  holder: string;
  /** Still held by the platform's custody address: claim it before the wallet can use it. */
  inCustody: boolean;
  /** ERC-4907 user (delegate), null when none or expired. */
  delegate: string | null;
  /** Unix seconds when the delegation ends, null without one. */
  delegateExpires: number | null;
}

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
