import type { ChainIntent } from '@app/domain/blockchain';
import { formatEther } from 'viem';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useChainOutbox } from './api/get-chain-outbox';

const STATUS_VARIANT = {
  queued: 'secondary',
  signed: 'yellow',
  confirmed: 'lime',
  reverted: 'destructive',
  failed: 'destructive',
} as const;

/** Admin page: the chain-write outbox — hot key balance and gas warning, counts, newest writes. */
export function ChainOutboxPanel() {
  const outbox = useChainOutbox();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle asChild>
          <h2>CHAIN_WRITES</h2>
        </CardTitle>
        <CardDescription>
          Server-signed transactions: recorded first, sent by one writer, confirmed by receipt.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {outbox.isLoading ? (
          <Skeleton className="h-24 w-full" role="status" aria-label="Loading chain writes" />
        ) : outbox.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {outbox.error.message}
          </p>
        ) : outbox.data ? (
          <>
            {outbox.data.health.lowBalance && (
              <p
                role="alert"
                className="rounded-md border border-destructive/60 bg-destructive/10 p-3 text-sm text-destructive"
              >
                LOW GAS: the signing key holds {formatEther(BigInt(outbox.data.health.balanceWei ?? '0'))} ETH. Chain
                writes stop when it runs out — fund {outbox.data.health.signer}.
              </p>
            )}
            {!outbox.data.health.rpcReachable && (
              <p role="alert" className="text-sm text-destructive">
                The chain RPC is unreachable: writes wait and are retried.
              </p>
            )}
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <dt className="label-mono text-muted-foreground">SIGNER</dt>
              <dd className="min-w-0 truncate font-mono" title={outbox.data.health.signer}>
                {outbox.data.health.signer}
              </dd>
              <dt className="label-mono text-muted-foreground">BALANCE</dt>
              <dd className="font-mono">
                {outbox.data.health.balanceWei === null
                  ? '—'
                  : `${formatEther(BigInt(outbox.data.health.balanceWei))} ETH`}
              </dd>
              {Object.entries(outbox.data.health.counts).map(([status, n]) => (
                <div key={status} className="contents">
                  <dt className="label-mono text-muted-foreground">{status.toUpperCase()}</dt>
                  <dd className="font-mono">{n}</dd>
                </div>
              ))}
            </dl>
            {outbox.data.health.lastError && (
              <p className="text-xs text-destructive">Last error: {outbox.data.health.lastError}</p>
            )}
            {outbox.data.intents.length === 0 ? (
              <p className="text-sm text-muted-foreground">No chain writes yet.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Newest chain writes">
                {outbox.data.intents.map((i) => (
                  <IntentItem key={i.id} intent={i} />
                ))}
              </ul>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function IntentItem({ intent }: { intent: ChainIntent }) {
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-md border border-border bg-background/60 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 truncate font-mono" title={intent.key}>
          #{intent.id} {intent.key}
        </span>
        <Badge variant={STATUS_VARIANT[intent.status]}>{intent.status}</Badge>
      </div>
      {intent.txHash && (
        <span className="min-w-0 truncate font-mono text-xs text-muted-foreground" title={intent.txHash}>
          tx {intent.txHash}
          {intent.blockNumber !== null && ` · block ${intent.blockNumber}`}
        </span>
      )}
      {intent.error && <span className="text-xs text-destructive">{intent.error}</span>}
    </li>
  );
}
