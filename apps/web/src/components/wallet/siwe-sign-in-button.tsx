import { useState } from 'react';
import type { Address } from 'viem';
import { useLocation } from 'wouter';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { useSignInWithEthereum } from '@/lib/wallet/sign-in-with-ethereum';
import { useWallet } from '@/lib/wallet/use-wallet';
import { ConnectWalletDialog } from './connect-wallet-dialog';
import { WalletProvider } from './wallet-provider';

/** An Ethereum diamond, the customary mark of "Sign in with Ethereum". */
function EthIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
      <path d="M12 1.5 5.5 12.2 12 16l6.5-3.8L12 1.5Zm0 16L5.5 13.7 12 22.5l6.5-8.8L12 17.5Z" />
    </svg>
  );
}

/**
 * SIGN_IN_WITH_ETHEREUM on /login: connects a wallet if none is, signs an EIP-4361
 * message and signs in with it. Loaded lazily with its wagmi chunk.
 */
export default function SiweSignInButton({ returnTo = null }: { returnTo?: string | null }) {
  return (
    <WalletProvider
      fallback={
        <Button type="button" variant="outline" size="lg" className="w-full" disabled>
          <EthIcon />
          SIGN_IN_WITH_ETHEREUM
        </Button>
      }
    >
      <SignInButton returnTo={returnTo} />
    </WalletProvider>
  );
}

function SignInButton({ returnTo }: { returnTo: string | null }) {
  const wallet = useWallet();
  const [dialogOpen, setDialogOpen] = useState(false);
  const signIn = useSignInWithEthereum();
  const [, setLocation] = useLocation();
  // Signed in: leave /login for the page the user came from, else the dashboard, as the other sign-in methods do.
  const start = (address: Address) =>
    signIn.mutate(address, { onSuccess: () => setLocation(returnTo ?? paths.home.getHref()) });
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        disabled={signIn.isPending}
        onClick={() => (wallet.address ? start(wallet.address) : setDialogOpen(true))}
      >
        <EthIcon />
        {signIn.isPending ? 'SIGNING...' : 'SIGN_IN_WITH_ETHEREUM'}
      </Button>
      <ConnectWalletDialog open={dialogOpen} onOpenChange={setDialogOpen} onConnected={start} />
    </>
  );
}
