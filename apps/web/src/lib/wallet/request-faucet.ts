import { apiRequest } from '@/lib/api';

/**
 * POST /api/chain/faucet {address}: tops a test wallet up to 10 ETH (local chain only, signed-in
 * users only). Called for the "Local test wallet" after connecting and before it pays for a write.
 */
export async function requestFaucet(address: string): Promise<{ address: string; balanceEth: string }> {
  const res = await apiRequest('POST', '/api/chain/faucet', { address });
  return (await res.json()) as { address: string; balanceEth: string };
}
