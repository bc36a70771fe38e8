import { shortenAddress } from '@app/domain/format';
import { FlaskConicalIcon, LoaderIcon, WalletIcon } from 'lucide-react';
import type { Address } from 'viem';
import { type Connector, useConnect, useConnectors } from 'wagmi';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { useAuth } from '@/lib/auth';
import { LOCAL_TEST_WALLET_ID } from '@/lib/local-test-wallet';
import { cn } from '@/lib/utils';
import { chainErrorText } from '@/lib/wallet/chain-error';
import { requestFaucet } from '@/lib/wallet/request-faucet';

const hasInjectedProvider = () => typeof window !== 'undefined' && 'ethereum' in window && !!window.ethereum;

/**
 * Which connectors to offer: wallets announced through EIP-6963 (MetaMask, Coinbase Wallet, …),
 * the legacy `window.ethereum` only when nothing announced itself, and the local test wallet
 * (present in the config on the local chain only).
 */
function offeredConnectors(connectors: readonly Connector[]) {
  const announced = connectors.filter((c) => c.type === 'injected' && c.id !== 'injected');
  const generic = connectors.find((c) => c.id === 'injected');
  const local = connectors.find((c) => c.id === LOCAL_TEST_WALLET_ID);
  return {
    list: [...announced, ...(announced.length === 0 && generic ? [generic] : []), ...(local ? [local] : [])],
    noExtension: announced.length === 0 && !hasInjectedProvider(),
  };
}

/**
 * The Connect Wallet dialog: lists the available connectors; after a connection it tops up the
 * local test wallet from the faucet (signed-in users only), toasts 'Wallet Connected' and calls
 * `onConnected` with the address.
 */
export function ConnectWalletDialog({
  open,
  onOpenChange,
  onConnected,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConnected?: (address: Address) => void;
}) {
  const connectors = useConnectors();
  const connect = useConnect();
  const { user } = useAuth();
  const { list, noExtension } = offeredConnectors(connectors);
  const pendingId = connect.isPending
    ? connect.variables?.connector && 'id' in connect.variables.connector
      ? connect.variables.connector.id
      : null
    : null;

  const choose = (connector: Connector) => {
    connect.mutate(
      { connector },
      {
        onSuccess: ({ accounts }) => {
          const address = accounts[0];
          if (!address) return;
          if (connector.id === LOCAL_TEST_WALLET_ID && user) {
            requestFaucet(address).catch((err) => console.warn('Faucet top-up failed', err));
          }
          toast({ title: 'Wallet Connected', description: `${connector.name} · ${shortenAddress(address)}` });
          onOpenChange(false);
          onConnected?.(address);
        },
        onError: (err) => {
          toast({
            title: 'Connection Failed',
            description: chainErrorText(err, 'Could not connect the wallet'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>CONNECT_WALLET</DialogTitle>
          <DialogDescription>Choose a wallet to sign with. Nothing is sent until you confirm.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2">
          {list.map((connector) => {
            const isLocal = connector.id === LOCAL_TEST_WALLET_ID;
            const unavailable = connector.id === 'injected' && !hasInjectedProvider();
            return (
              <li key={connector.uid}>
                <button
                  type="button"
                  onClick={() => choose(connector)}
                  disabled={connect.isPending || unavailable}
                  className={cn(
                    'flex w-full cursor-pointer items-center gap-3 rounded-md border border-border bg-background/60 p-3 text-left transition-[border-color,box-shadow] outline-none hover:border-primary hover:shadow-[0_0_18px_-8px_var(--neon-cyan)] focus-visible:ring-[3px] focus-visible:ring-ring/70 disabled:cursor-not-allowed disabled:opacity-50',
                    isLocal && 'border-neon-lime/40 hover:border-neon-lime',
                  )}
                >
                  <span className="grid size-9 shrink-0 place-items-center rounded-md border border-border bg-card">
                    {connector.icon ? (
                      <img src={connector.icon} alt="" className="size-6" />
                    ) : isLocal ? (
                      <FlaskConicalIcon className="size-5 text-neon-lime" aria-hidden="true" />
                    ) : (
                      <WalletIcon className="size-5 text-primary" aria-hidden="true" />
                    )}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-mono text-sm font-bold">
                      {connector.id === 'injected' ? 'Browser wallet' : connector.name}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {isLocal
                        ? 'Key generated in this browser, funded by the local faucet. Local chain only.'
                        : unavailable
                          ? 'No browser wallet detected'
                          : 'Browser extension'}
                    </span>
                  </span>
                  {pendingId === connector.id ? (
                    <LoaderIcon
                      className="size-4 animate-spin text-primary motion-reduce:animate-none"
                      aria-label="Connecting"
                    />
                  ) : isLocal ? (
                    <Badge variant="lime">TEST</Badge>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
        {noExtension && (
          <p className="text-xs text-muted-foreground">
            No wallet extension found. Install MetaMask or Coinbase Wallet
            {list.some((c) => c.id === LOCAL_TEST_WALLET_ID) ? ', or use the local test wallet.' : '.'}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
