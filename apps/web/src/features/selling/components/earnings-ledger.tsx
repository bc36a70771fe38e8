import { Skeleton } from '@/components/ui/skeleton';
import { useEarnings } from '../api/get-earnings';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The seller's earnings from card sales: an off-chain ledger, not chain ETH — the balance
 * is the sum of its rows. Crypto sales pay the seller's wallet on chain and do not appear here.
 */
export function EarningsLedger() {
  const earnings = useEarnings();
  if (earnings.isPending) return <Skeleton className="h-24 w-full" />;
  if (earnings.isError) return <p className="text-sm text-destructive">Could not load your earnings.</p>;
  const { balanceEth, entries } = earnings.data;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-card/85 p-5">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="label-mono text-xs text-muted-foreground">CARD_SALES_BALANCE</span>
        <span className="font-mono text-xl font-bold text-neon-lime" data-testid="earnings-balance">
          {balanceEth} ETH
        </span>
      </p>
      <p className="text-xs text-muted-foreground">
        Card sales are credited here (after the platform fee); crypto sales pay your wallet on chain.
      </p>
      {!entries.length ? (
        <p className="text-sm text-muted-foreground">No card sales yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Earnings">
          {entries.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-2">
              <span className="min-w-0 break-words text-sm">{e.memo ?? e.kind}</span>
              <span className="flex items-center gap-3">
                <span className="text-xs text-muted-foreground">{dateFormat.format(new Date(e.createdAt))}</span>
                <span
                  className={`font-mono text-sm ${e.amountWei.startsWith('-') ? 'text-destructive' : 'text-neon-lime'}`}
                >
                  {e.amountWei.startsWith('-') ? '' : '+'}
                  {e.amountEth} ETH
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
