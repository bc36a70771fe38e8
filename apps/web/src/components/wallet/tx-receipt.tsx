import { explorerTxUrl } from '@app/domain/blockchain';
import { CircleCheckIcon, CircleXIcon, LoaderIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Hash } from 'viem';
import { useWaitForTransactionReceipt } from 'wagmi';
import { useNetwork } from '@/lib/get-network';
import { cn } from '@/lib/utils';
import { HashValue } from './hash-value';

/** Formats a gas amount with thousands separators ("51,234"). */
export function formatGas(gas: string | bigint | number): string {
  return BigInt(gas).toLocaleString('en-US');
}

/**
 * The outcome of one chain action: its transaction hash (8+6, copy, explorer) and a confirmation
 * read from the transaction's receipt by the browser (status, block, gas used) — not just what the
 * server said. `children` adds action-specific lines (token id, delegate, …).
 */
export function TxReceipt({ hash, title, children }: { hash: string; title: string; children?: ReactNode }) {
  const network = useNetwork();
  const receipt = useWaitForTransactionReceipt({ hash: hash as Hash });
  const explorerUrl = network.data ? explorerTxUrl(network.data.explorerUrl, hash) : null;
  const status = receipt.data?.status;
  return (
    <section
      aria-label={title}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-md border bg-background/60 p-4',
        status === 'reverted' ? 'border-destructive/60' : 'border-neon-lime/40',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="label-mono text-neon-lime">{title}</h3>
        {receipt.isPending ? (
          <span className="label-mono inline-flex items-center gap-1.5 text-neon-yellow">
            <LoaderIcon className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            CONFIRMING...
          </span>
        ) : receipt.isError ? (
          <span className="label-mono text-destructive">RECEIPT_UNAVAILABLE</span>
        ) : status === 'success' ? (
          <span className="label-mono inline-flex items-center gap-1.5 text-neon-lime">
            <CircleCheckIcon className="size-3.5" aria-hidden="true" />
            CONFIRMED
          </span>
        ) : (
          <span className="label-mono inline-flex items-center gap-1.5 text-destructive">
            <CircleXIcon className="size-3.5" aria-hidden="true" />
            REVERTED
          </span>
        )}
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-y-2 [&>dd]:mb-2 sm:[&>dd]:mb-0">
        <dt className="label-mono text-muted-foreground">TX_HASH</dt>
        <dd className="min-w-0">
          <HashValue value={hash} explorerHref={explorerUrl} explorerLabel="View transaction in block explorer" />
        </dd>
        {receipt.data && (
          <>
            <dt className="label-mono text-muted-foreground">BLOCK</dt>
            <dd className="font-mono">{receipt.data.blockNumber.toString()}</dd>
            <dt className="label-mono text-muted-foreground">GAS_USED</dt>
            <dd className="font-mono">{formatGas(receipt.data.gasUsed)}</dd>
          </>
        )}
        {children}
      </dl>
    </section>
  );
}
