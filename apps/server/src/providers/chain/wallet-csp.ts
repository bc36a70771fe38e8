/**
 * What the browser's wallets need from the page's security headers on Base / Base Sepolia (the only
 * chains where Coinbase Smart Wallet and WalletConnect are offered):
 * - Base Account (Coinbase Smart Wallet) signs in a popup on keys.coinbase.com that talks back to the
 *   opener with postMessage, so the opener policy must keep popups (`same-origin-allow-popups`), and
 *   the SDK reads the chain through Base's public RPC;
 * - WalletConnect v2 (with WALLETCONNECT_PROJECT_ID) reaches its relay over WebSocket, verifies the
 *   app in a frame, and its QR modal loads wallet images and fonts from Reown.
 * The local chain offers neither, so nothing is opened there.
 */
import type { Config } from '../../config';

export interface WalletCsp {
  connectOrigins: string[];
  frameOrigins: string[];
  imgOrigins: string[];
  fontOrigins: string[];
  /** Cross-Origin-Opener-Policy the wallets need. */
  openerPolicy: 'same-origin' | 'same-origin-allow-popups';
}

export function walletCspOrigins(config: Pick<Config, 'CHAIN' | 'WALLETCONNECT_PROJECT_ID'>): WalletCsp {
  if (config.CHAIN !== 'base' && config.CHAIN !== 'base-sepolia') {
    return { connectOrigins: [], frameOrigins: [], imgOrigins: [], fontOrigins: [], openerPolicy: 'same-origin' };
  }
  const baseAccount = {
    connectOrigins: [
      'https://keys.coinbase.com',
      'https://*.coinbase.com',
      'https://mainnet.base.org',
      'https://sepolia.base.org',
    ],
    frameOrigins: ['https://keys.coinbase.com'],
  };
  const walletConnect = config.WALLETCONNECT_PROJECT_ID
    ? {
        connectOrigins: [
          'wss://relay.walletconnect.com',
          'wss://relay.walletconnect.org',
          'wss://www.walletlink.org',
          'https://rpc.walletconnect.com',
          'https://rpc.walletconnect.org',
          'https://pulse.walletconnect.org',
          'https://api.web3modal.org',
          'https://api.web3modal.com',
          'https://verify.walletconnect.com',
          'https://verify.walletconnect.org',
        ],
        frameOrigins: ['https://verify.walletconnect.com', 'https://verify.walletconnect.org'],
        imgOrigins: ['https://api.web3modal.org', 'https://api.web3modal.com', 'https://*.walletconnect.com'],
        fontOrigins: ['https://fonts.reown.com'],
      }
    : { connectOrigins: [], frameOrigins: [], imgOrigins: [], fontOrigins: [] };
  return {
    connectOrigins: [...baseAccount.connectOrigins, ...walletConnect.connectOrigins],
    frameOrigins: [...baseAccount.frameOrigins, ...walletConnect.frameOrigins],
    imgOrigins: walletConnect.imgOrigins,
    fontOrigins: walletConnect.fontOrigins,
    openerPolicy: 'same-origin-allow-popups',
  };
}
