import { shortenAddress } from '@app/domain/format';
import { FlaskConicalIcon, KeyRoundIcon, LoaderIcon, QrCodeIcon, WalletIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Address } from 'viem';
import { type Connector, useConfig, useConnect, useConnectors } from 'wagmi';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { useAuth } from '@/lib/auth';
import { useNetwork } from '@/lib/get-network';
import { LOCAL_TEST_WALLET_ID } from '@/lib/local-test-wallet';
import { cn } from '@/lib/utils';
import { baseConnectorIds, loadBaseConnectors } from '@/lib/wagmi';
import { chainErrorText } from '@/lib/wallet/chain-error';
import { requestFaucet } from '@/lib/wallet/request-faucet';

const hasInjectedProvider = () => typeof window !== 'undefined' && 'ethereum' in window && !!window.ethereum;

/** The wallets that need no extension (Base only), as the dialog shows them. */
const BASE_WALLETS: Record<string, { name: string; hint: string; Icon: typeof WalletIcon }> = {
  baseAccount: { name: 'Coinbase Smart Wallet', hint: 'Base Account · passkey, no extension', Icon: KeyRoundIcon },
  walletConnect: { name: 'WalletConnect', hint: 'Scan a QR code with a mobile wallet', Icon: QrCodeIcon },
};

/**
 * Which connectors to offer: wallets announced through EIP-6963 (MetaMask, Coinbase Wallet, …),
 * the legacy `window.ethereum` only when nothing announced itself, Coinbase Smart Wallet and
 * WalletConnect on Base (added when the dialog opens; WalletConnect only with a project id), and the
 * local test wallet (present in the config on the local chain only).
 */
function offeredConnectors(connectors: readonly Connector[]) {
  const announced = connectors.filter((c) => c.type === 'injected' && c.id !== 'injected');
  const generic = connectors.find((c) => c.id === 'injected');
  const local = connectors.find((c) => c.id === LOCAL_TEST_WALLET_ID);
  const base = Object.keys(BASE_WALLETS)
    .map((id) => connectors.find((c) => c.id === id))
    .filter((c): c is Connector => Boolean(c));
  return {
    list: [...announced, ...(announced.length === 0 && generic ? [generic] : []), ...base, ...(local ? [local] : [])],
    noExtension: announced.length === 0 && !hasInjectedProvider(),
  };
}

/**
 * Loads Coinbase Smart Wallet and WalletConnect into the wallet config the first time the dialog opens
 * (their code is a chunk of its own). @returns true while they load
 */
function useBaseConnectors(open: boolean): boolean {
  const config = useConfig();
  const network = useNetwork();
  const expected = network.data ? baseConnectorIds(network.data) : [];
  const missing = expected.some((id) => !config.connectors.some((c) => c.id === id));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open || !missing || !network.data || failed) return;
    loadBaseConnectors(config, network.data).catch((err) => {
      console.warn('Could not load Coinbase Smart Wallet / WalletConnect', err);
      setFailed(true);
    });
  }, [open, missing, network.data, config, failed]);
  return open && missing && !failed;
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
  const loadingMore = useBaseConnectors(open);
  const pendingId = connect.isPending
    ? connect.variables?.connector && 'id' in connect.variables.connector
      ? connect.variables.connector.id
      : null
    : null;

  const choose = (connector: Connector) => {
    // WalletConnect shows its own QR modal: close ours first so it does not trap focus and clicks.
    if (connector.id === 'walletConnect') onOpenChange(false);
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
            const baseWallet = BASE_WALLETS[connector.id];
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
                    ) : baseWallet ? (
                      <baseWallet.Icon className="size-5 text-primary" aria-hidden="true" />
                    ) : isLocal ? (
                      <FlaskConicalIcon className="size-5 text-neon-lime" aria-hidden="true" />
                    ) : (
                      <WalletIcon className="size-5 text-primary" aria-hidden="true" />
                    )}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-mono text-sm font-bold">
                      {connector.id === 'injected' ? 'Browser wallet' : (baseWallet?.name ?? connector.name)}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {isLocal
                        ? 'Key generated in this browser, funded by the local faucet. Local chain only.'
                        : baseWallet
                          ? baseWallet.hint
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
          {loadingMore && (
            <li role="status" className="flex items-center gap-2 p-3 text-xs text-muted-foreground">
              <LoaderIcon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
              Loading more wallets…
            </li>
          )}
        </ul>
        {noExtension && (
          <p className="text-xs text-muted-foreground">
            No wallet extension found. Install MetaMask or Coinbase Wallet
            {list.some((c) => c.id === LOCAL_TEST_WALLET_ID)
              ? ', or use the local test wallet.'
              : list.some((c) => BASE_WALLETS[c.id])
                ? ', or use a wallet above that needs none.'
                : '.'}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
