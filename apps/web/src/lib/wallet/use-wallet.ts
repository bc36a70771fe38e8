import type { Address } from 'viem';
import { useConnection } from 'wagmi';
import { useAuth } from '@/lib/auth';
import { LOCAL_TEST_WALLET_ID } from '@/lib/local-test-wallet';

/** The browser wallet and the account's linked wallet side by side. */
export interface WalletState {
  /** The connected wallet's address, if any. */
  address: Address | undefined;
  isConnected: boolean;
  /** Connector name, e.g. 'MetaMask' or 'Local test wallet'. */
  connectorName: string | undefined;
  isLocalTestWallet: boolean;
  /** `users.walletAddress` (lower-case), null when none is linked or signed out. */
  linkedAddress: string | null;
  /** The connected wallet is the one linked to the account. */
  isLinked: boolean;
  isSignedIn: boolean;
}

/** Connection state of the wallet plus the signed-in account's linked wallet. Needs a WalletProvider. */
export function useWallet(): WalletState {
  const connection = useConnection();
  const { user } = useAuth();
  const address = connection.status === 'connected' ? connection.address : undefined;
  const linkedAddress = user?.walletAddress ?? null;
  return {
    address,
    isConnected: !!address,
    connectorName: connection.connector?.name,
    isLocalTestWallet: connection.connector?.id === LOCAL_TEST_WALLET_ID,
    linkedAddress,
    isLinked: !!address && !!linkedAddress && address.toLowerCase() === linkedAddress.toLowerCase(),
    isSignedIn: !!user,
  };
}
