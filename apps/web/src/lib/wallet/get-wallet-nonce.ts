import { apiRequest } from '@/lib/api';

/** What the server needs in a Sign-In with Ethereum message for this session. */
export interface WalletNonce {
  nonce: string;
  domain: string;
  chainId: number;
  uri: string;
}

/**
 * GET /api/wallet/nonce: a single-use nonce stored in the session. Not a query: each signature
 * needs a fresh one, so it is fetched right before signing and never cached.
 */
export async function getWalletNonce(): Promise<WalletNonce> {
  const res = await apiRequest('GET', '/api/wallet/nonce');
  return (await res.json()) as WalletNonce;
}
