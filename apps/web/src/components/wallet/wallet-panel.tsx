import { shortenAddress } from '@app/domain/format';
import { LinkIcon, LogOutIcon, WalletIcon } from 'lucide-react';
import { useState } from 'react';
import { useDisconnect } from 'wagmi';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useLinkWallet } from '@/lib/wallet/link-wallet';
import { useWallet } from '@/lib/wallet/use-wallet';
import { ConnectWalletDialog } from './connect-wallet-dialog';
import { HashValue } from './hash-value';

/**
 * The wallet widget of /blockchain and /nft: CONNECT_WALLET (real wallets, not a random address),
 * the connected address (6+4), and LINK_WALLET, which proves ownership with a signed SIWE message
 * and links it to the signed-in account.
 */
export function WalletPanel() {
  const wallet = useWallet();
  const [dialogOpen, setDialogOpen] = useState(false);
  const link = useLinkWallet();
  const disconnect = useDisconnect();

  if (!wallet.address) {
    return (
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="destructive">NOT_CONNECTED</Badge>
          {wallet.linkedAddress && (
            <span className="text-xs text-muted-foreground">
              Linked: <code title={wallet.linkedAddress}>{shortenAddress(wallet.linkedAddress)}</code>
            </span>
          )}
        </div>
        <Button type="button" onClick={() => setDialogOpen(true)}>
          <WalletIcon aria-hidden="true" />
          CONNECT_WALLET
        </Button>
        <ConnectWalletDialog open={dialogOpen} onOpenChange={setDialogOpen} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="lime">CONNECTED</Badge>
        {wallet.isLinked && (
          <Badge variant="default">
            <LinkIcon aria-hidden="true" />
            LINKED
          </Badge>
        )}
        <span className="truncate text-xs text-muted-foreground">{wallet.connectorName}</span>
      </div>
      <div className="flex items-center justify-between gap-2 rounded-md border border-border bg-background/60 px-3 py-1.5">
        <WalletIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {/* SPEC §9: wallet shown as first 6 + last 4 */}
        <HashValue value={wallet.address} kind="wallet" className="flex-1" />
      </div>
      {wallet.isSignedIn && !wallet.isLinked && (
        <>
          {wallet.linkedAddress && (
            <p className="text-xs text-neon-yellow">
              Your account is linked to {shortenAddress(wallet.linkedAddress)}. Linking this wallet replaces it.
            </p>
          )}
          <Button
            type="button"
            variant="magenta"
            disabled={link.isPending}
            onClick={() => wallet.address && link.mutate(wallet.address)}
          >
            <LinkIcon aria-hidden="true" />
            {link.isPending ? 'SIGNING...' : 'LINK_WALLET'}
          </Button>
        </>
      )}
      {!wallet.isSignedIn && (
        <p className="text-xs text-muted-foreground">Sign in to link this wallet to your account.</p>
      )}
      <Button type="button" variant="ghost" size="sm" className="self-start" onClick={() => disconnect.mutate({})}>
        <LogOutIcon aria-hidden="true" />
        DISCONNECT
      </Button>
    </div>
  );
}
