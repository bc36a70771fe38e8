import { LinkIcon, UnlinkIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLinkWallet } from '@/lib/wallet/link-wallet';
import { useUnlinkWallet } from '@/lib/wallet/unlink-wallet';
import { useWallet } from '@/lib/wallet/use-wallet';
import { ConnectWalletDialog } from './connect-wallet-dialog';
import { WalletProvider } from './wallet-provider';

/**
 * WALLET_STATUS actions of the dashboard PROFILE tab: LINK_WALLET (connect if needed, then sign
 * the SIWE message) or UNLINK_WALLET. Loaded lazily, so wagmi is only fetched with this tab.
 */
export default function WalletStatusActions() {
  return (
    <WalletProvider fallback={null}>
      <Actions />
    </WalletProvider>
  );
}

function Actions() {
  const wallet = useWallet();
  const [dialogOpen, setDialogOpen] = useState(false);
  const link = useLinkWallet();
  const unlink = useUnlinkWallet();

  if (wallet.linkedAddress) {
    return (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="self-start"
        disabled={unlink.isPending}
        onClick={() => unlink.mutate()}
      >
        <UnlinkIcon aria-hidden="true" />
        {unlink.isPending ? 'UNLINKING...' : 'UNLINK_WALLET'}
      </Button>
    );
  }
  return (
    <>
      <Button
        type="button"
        variant="magenta"
        disabled={link.isPending}
        onClick={() => (wallet.address ? link.mutate(wallet.address) : setDialogOpen(true))}
      >
        <LinkIcon aria-hidden="true" />
        {link.isPending ? 'SIGNING...' : 'LINK_WALLET'}
      </Button>
      <ConnectWalletDialog open={dialogOpen} onOpenChange={setDialogOpen} onConnected={(a) => link.mutate(a)} />
    </>
  );
}
