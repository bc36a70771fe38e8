import { apiRequest } from '@/lib/api';

/** The delegation the server read back from chain after `setUser`. */
export interface RecordedDelegation {
  tokenId: number;
  delegationStatus: string;
  user: string | null;
  /** Unix seconds. */
  expires: number | null;
}

/** POST /api/nft/delegations {tokenId, txHash}: after the owner's wallet called ERC-4907 `setUser`. */
export async function recordDelegation(input: { tokenId: number; txHash: string }): Promise<RecordedDelegation> {
  const res = await apiRequest('POST', '/api/nft/delegations', input);
  return (await res.json()) as RecordedDelegation;
}
