/**
 * Wagmi configuration built from the server's network info (GET /api/blockchain/network): one
 * chain (anvil 31337 locally, Base or Base Sepolia otherwise), read through the app's JSON-RPC
 * proxy, with injected wallets (MetaMask, Coinbase Wallet extension — discovered by EIP-6963, plus
 * the legacy `window.ethereum`) and, on the local chain only, the "Local test wallet".
 * Only imported by lazily loaded chunks, so the landing page never downloads wagmi.
 */
import type { NetworkInfo } from '@app/domain/blockchain';
import { type Chain, defineChain } from 'viem';
import { base, baseSepolia } from 'viem/chains';
import { type Config, createConfig, injected } from 'wagmi';
import { localTestWallet } from './local-test-wallet';
import { rpcProxyTransport } from './rpc-proxy-transport';

/** Absolute URL of the proxied JSON-RPC endpoint (wagmi's http transport needs one). */
export function rpcUrlOf(network: NetworkInfo): string {
  return new URL(network.rpcUrl, window.location.origin).href;
}

/**
 * The viem chain of the configured network. Base and Base Sepolia keep their public RPC URLs (a
 * wallet that adds the chain needs a reachable node); the local chain points at our proxy.
 */
export function chainOf(network: NetworkInfo): Chain {
  const known = [base, baseSepolia].find((c) => c.id === network.chainId);
  if (known) return { ...known, name: network.name };
  return defineChain({
    id: network.chainId,
    name: network.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrlOf(network)] } },
    blockExplorers: network.explorerUrl ? { default: { name: 'Explorer', url: network.explorerUrl } } : undefined,
    testnet: network.local,
  });
}

let cached: { key: string; config: Config } | undefined;

/**
 * The wagmi config for a network. Memoised, so every WagmiProvider on every page shares one store
 * (connection state survives moving between /blockchain, /nft and the dashboard).
 */
export function getWagmiConfig(network: NetworkInfo): Config {
  const key = `${network.chainId}:${network.contracts.avatarNFT}:${network.local}`;
  if (cached?.key === key) return cached.config;
  const chain = chainOf(network);
  const rpcUrl = rpcUrlOf(network);
  const config = createConfig({
    chains: [chain],
    connectors: network.local ? [injected(), localTestWallet({ rpcUrl })] : [injected()],
    transports: { [chain.id]: rpcProxyTransport(rpcUrl) },
    // anvil mines instantly; a real chain needs a few seconds per block.
    pollingInterval: network.local ? 500 : 4_000,
  });
  cached = { key, config };
  return config;
}
