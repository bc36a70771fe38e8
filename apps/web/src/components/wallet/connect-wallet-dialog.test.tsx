import type { NetworkInfo } from '@app/domain/blockchain';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { WalletProvider } from '@/components/wallet/wallet-provider';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { ConnectWalletDialog } from './connect-wallet-dialog';

// The wallet SDKs load when a connector is set up; in jsdom they stand in as never-ready providers.
const sdkLoads = vi.hoisted(() => ({ walletConnect: 0, baseAccount: 0 }));
vi.mock('@walletconnect/ethereum-provider', () => ({
  EthereumProvider: {
    init: async () => {
      sdkLoads.walletConnect++;
      throw new Error('no WalletConnect relay in tests');
    },
  },
}));
vi.mock('@base-org/account', () => ({
  createBaseAccountSDK: () => {
    sdkLoads.baseAccount++;
    return { getProvider: () => ({ on() {}, removeListener() {}, request: async () => [] }) };
  },
}));

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

/** The network info the server gives: Base Sepolia, or the local chain; with or without a project id. */
function network(overrides: Partial<NetworkInfo>): NetworkInfo {
  return {
    name: 'Base Sepolia Testnet',
    chainId: 84532,
    explorerUrl: 'https://sepolia.basescan.org',
    local: false,
    contracts: {
      // distinct per case: the wagmi config is memoised per network
      avatarNFT: `0x${Math.random().toString(16).slice(2, 12).padStart(40, '0')}`,
      reputationRegistry: CONTRACT,
      validationRegistry: CONTRACT,
      marketplace: CONTRACT,
      artworkNFT: CONTRACT,
    },
    rpcUrl: '/api/chain/rpc',
    walletConnectProjectId: null,
    ...overrides,
  };
}

function renderDialog(info: NetworkInfo) {
  server.use(http.get('*/api/blockchain/network', () => HttpResponse.json(info)));
  return renderWithProviders(
    <WalletProvider>
      <ConnectWalletDialog open onOpenChange={() => {}} />
    </WalletProvider>,
  );
}

describe('Connect Wallet dialog: the wallets Base users carry', () => {
  it('offers Coinbase Smart Wallet and WalletConnect on Base when a project id is configured', async () => {
    renderDialog(network({ walletConnectProjectId: 'a'.repeat(32) }));
    expect(await screen.findByRole('button', { name: /Coinbase Smart Wallet/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /WalletConnect/ })).toBeEnabled();
    expect(screen.getByText('Scan a QR code with a mobile wallet')).toBeInTheDocument();
    expect(screen.getByText('Base Account · passkey, no extension')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Local test wallet/i })).not.toBeInTheDocument();
    expect(screen.getByText(/or use a wallet above that needs none/)).toBeInTheDocument();
  });

  it('leaves WalletConnect out without a project id', async () => {
    renderDialog(network({}));
    expect(await screen.findByRole('button', { name: /Coinbase Smart Wallet/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /WalletConnect/ })).not.toBeInTheDocument();
  });

  it('keeps the local chain to extensions and the local test wallet, loading no wallet SDK', async () => {
    const before = { ...sdkLoads };
    renderDialog(network({ name: 'Local Anvil (development)', chainId: 31337, local: true, explorerUrl: null }));
    expect(await screen.findByRole('button', { name: /Local test wallet/i })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Coinbase Smart Wallet/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /WalletConnect/ })).not.toBeInTheDocument();
    expect(sdkLoads).toEqual(before);
  });
});
