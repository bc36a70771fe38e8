import type { NetworkInfo } from '@app/domain/blockchain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';

/**
 * The configured chain (DESIGN §3 "one network name everywhere"): name, chain id, explorer,
 * contract addresses and the proxied JSON-RPC URL. Shared by the wallet, /blockchain and /nft.
 */

/** GET /api/blockchain/network (public). */
export async function getNetwork(): Promise<NetworkInfo> {
  const res = await apiRequest('GET', '/api/blockchain/network');
  return (await res.json()) as NetworkInfo;
}

/** Query options of the network info; it never changes while the server runs. */
export function getNetworkQueryOptions() {
  return queryOptions({ queryKey: ['/api/blockchain/network'], queryFn: getNetwork });
}

/** The configured network (anvil locally, Base or Base Sepolia otherwise). */
export function useNetwork() {
  return useQuery(getNetworkQueryOptions());
}
