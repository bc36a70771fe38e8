/**
 * The wallets Base users carry besides browser extensions, loaded only when the Connect Wallet dialog
 * opens (a dynamic import of this module, see `loadBaseConnectors` in lib/wagmi.ts), so their SDKs never
 * weigh on a page that does not connect:
 * - Coinbase Smart Wallet (Base Account: passkeys, no extension; signs with ERC-6492 before its contract
 *   exists, which the server verifies);
 * - WalletConnect v2 (mobile wallets by QR code), only with the server's WALLETCONNECT_PROJECT_ID.
 * The connectors import their SDKs themselves on first use (`@base-org/account`,
 * `@walletconnect/ethereum-provider`).
 */
import type { NetworkInfo } from '@app/domain/blockchain';
import type { CreateConnectorFn } from 'wagmi';
import { baseAccount } from 'wagmi/connectors/baseAccount';
import { walletConnect } from 'wagmi/connectors/walletConnect';

/** How the app introduces itself to wallets. */
export const WALLET_APP_NAME = 'Neural Avatars';

/** The connector functions for `network` (none on the local chain). */
export function baseConnectorFns(network: NetworkInfo, origin = window.location.origin): CreateConnectorFn[] {
  if (network.local) return [];
  const icon = new URL('/favicon.svg', origin).href;
  const fns: CreateConnectorFn[] = [baseAccount({ appName: WALLET_APP_NAME, appLogoUrl: icon })];
  if (network.walletConnectProjectId) {
    fns.push(
      walletConnect({
        projectId: network.walletConnectProjectId,
        showQrModal: true,
        metadata: {
          name: WALLET_APP_NAME,
          description: 'AI avatars with on-chain identities',
          url: origin,
          icons: [icon],
        },
      }),
    );
  }
  return fns;
}
