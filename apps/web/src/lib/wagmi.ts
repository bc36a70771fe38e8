/**
 * Wagmi configuration built from the server's network info (GET /api/blockchain/network): one
 * chain (anvil 31337 locally, Base or Base Sepolia otherwise), read through the app's JSON-RPC
 * proxy, with injected wallets (MetaMask, Coinbase Wallet extension — discovered by EIP-6963, plus
 * the legacy `window.ethereum`) and, on the local chain only, the "Local test wallet". On Base,
 * Coinbase Smart Wallet and WalletConnect join when the Connect Wallet dialog opens
 * ({@link loadBaseConnectors}), or at once when one of them was the last wallet used.
 * Only imported by lazily loaded chunks, so the landing page never downloads wagmi.
 */
import type { NetworkInfo } from '@app/domain/blockchain';
import { type Chain, defineChain } from 'viem';
import { base, baseSepolia } from 'viem/chains';
import { type Config, type Connector, createConfig, injected } from 'wagmi';
import { reconnect } from 'wagmi/actions';
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

let cached: { key: string; config: Config; extras?: Promise<Connector[]> } | undefined;

/** Connector ids of the wallets {@link loadBaseConnectors} adds on this network, without loading them. */
export function baseConnectorIds(network: NetworkInfo): string[] {
  if (network.local) return [];
  return ['baseAccount', ...(network.walletConnectProjectId ? ['walletConnect'] : [])];
}

/**
 * Adds Coinbase Smart Wallet and (with a project id) WalletConnect to the network's config, loading their
 * code now (a separate chunk). Once per config; resolves to the connectors added (none on the local chain).
 */
export function loadBaseConnectors(config: Config, network: NetworkInfo): Promise<Connector[]> {
  if (!baseConnectorIds(network).length) return Promise.resolve([]);
  const entry = cached?.config === config ? cached : undefined;
  const load =
    entry?.extras ??
    import('./wallet/base-connectors').then(({ baseConnectorFns }) => {
      const have = new Set(config.connectors.map((c) => c.id));
      const added = baseConnectorFns(network)
        .map((fn) => config._internal.connectors.setup(fn))
        .filter((c) => !have.has(c.id));
      config._internal.connectors.setState((list) => [...list, ...added]);
      return added;
    });
  if (entry) entry.extras = load;
  return load;
}

/**
 * The wagmi config for a network. Memoised, so every WagmiProvider on every page shares one store
 * (connection state survives moving between /blockchain, /nft and the dashboard).
 */
export function getWagmiConfig(network: NetworkInfo): Config {
  const key = `${network.chainId}:${network.contracts.avatarNFT}:${network.local}:${network.walletConnectProjectId}`;
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
  // A returning Coinbase Smart Wallet / WalletConnect user: load that connector now and reconnect it.
  if (baseConnectorIds(network).length) {
    Promise.resolve(config.storage?.getItem('recentConnectorId'))
      .then(async (recent) => {
        if (typeof recent !== 'string' || !baseConnectorIds(network).includes(recent)) return;
        const added = await loadBaseConnectors(config, network);
        await reconnect(config, { connectors: added.filter((c) => c.id === recent) });
      })
      .catch((err) => console.warn('Could not restore the last wallet', err));
  }
  return config;
}
