import { TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { WagmiProvider } from 'wagmi';
import { PageLoader } from '@/components/layout/page-loader';
import { useNetwork } from '@/lib/get-network';
import { getWagmiConfig } from '@/lib/wagmi';

/**
 * Wagmi around a page or widget that uses the wallet, configured from the server's network info.
 * Mounted by each wallet-using chunk (never by the app shell) so wagmi stays out of the landing
 * bundle; every mount shares one memoised config, so the connection is the same everywhere.
 */
export function WalletProvider({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const network = useNetwork();
  if (network.isPending) return fallback ?? <PageLoader />;
  if (network.isError) {
    return (
      fallback ?? (
        <div role="alert" className="mx-auto flex max-w-xl items-center gap-3 px-4 py-16 text-sm text-muted-foreground">
          <TriangleAlertIcon className="size-5 shrink-0 text-neon-yellow" aria-hidden="true" />
          The chain is unreachable right now, so wallet features are off. Try again in a moment.
        </div>
      )
    );
  }
  return <WagmiProvider config={getWagmiConfig(network.data)}>{children}</WagmiProvider>;
}
