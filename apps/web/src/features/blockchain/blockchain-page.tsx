import { WalletIcon } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { WalletPanel } from '@/components/wallet/wallet-panel';
import { WalletProvider } from '@/components/wallet/wallet-provider';
import { useAuth } from '@/lib/auth';
import { useNetwork } from '@/lib/get-network';
import { NetworkCard } from './components/network-card';
import { VerificationHistory } from './components/verification-history';
import { VerifyTaskForm } from './components/verify-task-form';

/**
 * The blockchain verification screen (SPEC §2 /blockchain, §5, §8). Visitors can read a
 * wallet's history; signed-in users verify their avatars' tasks on the configured chain.
 */
export default function BlockchainPage() {
  return (
    <WalletProvider>
      <BlockchainScreen />
    </WalletProvider>
  );
}

function BlockchainScreen() {
  const network = useNetwork();
  const { user } = useAuth();
  const linked = user?.walletAddress ?? '';
  const [walletAddress, setWalletAddress] = useState(linked);
  // Prefill with the linked wallet, also when it is linked while this page is open, unless the
  // user typed another address (derived during render instead of an effect).
  const [seenLinked, setSeenLinked] = useState(linked);
  if (linked !== seenLinked) {
    setSeenLinked(linked);
    if (!walletAddress.trim() || walletAddress.trim().toLowerCase() === seenLinked.toLowerCase()) {
      setWalletAddress(linked);
    }
  }
  if (!network.data) return null; // WalletProvider renders only once the network is known.

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-6">
        <p className="label-mono text-neon-lime">{'// ON_CHAIN_VERIFICATION'}</p>
        <h1 className="mt-2 font-display text-2xl font-black tracking-wide break-words sm:text-3xl">
          BLOCKCHAIN_
          <wbr />
          <span className="text-primary glow-text">VERIFICATION</span>
        </h1>
        <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
          Prove what your avatars did. Each verified task is recorded by the task registry on{' '}
          <span className="text-foreground">{network.data.name}</span> and earns reputation.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <VerifyTaskForm walletAddress={walletAddress} onWalletAddressChange={setWalletAddress} />
          <VerificationHistory walletAddress={walletAddress} explorerUrl={network.data.explorerUrl} />
        </div>
        <aside className="order-first flex min-w-0 flex-col gap-6 lg:order-none" aria-label="Wallet and network">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="flex items-center gap-2">
                  <WalletIcon className="size-4" aria-hidden="true" />
                  WALLET
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <WalletPanel />
            </CardContent>
          </Card>
          <NetworkCard network={network.data} />
        </aside>
      </div>
    </div>
  );
}
