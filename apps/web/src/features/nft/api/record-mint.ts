import { apiRequest } from '@/lib/api';

/** What the server read from a mint receipt. */
export interface RecordedMint {
  tokenId: number;
  edition: number;
  avatarId: number;
}

/** POST /api/nft/mints {txHash}: the server checks the receipt and records the edition. */
export async function recordMint(txHash: string): Promise<RecordedMint> {
  const res = await apiRequest('POST', '/api/nft/mints', { txHash });
  return (await res.json()) as RecordedMint;
}
