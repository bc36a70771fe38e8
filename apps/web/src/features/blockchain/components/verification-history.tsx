import { explorerTxUrl, taskTypeTitle, type VerificationRecord } from '@app/domain/blockchain';
import { shortenAddress } from '@app/domain/format';
import { ChevronRightIcon, HistoryIcon, RefreshCwIcon } from 'lucide-react';
import { getAddress } from 'viem';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ValidationReport } from '@/components/validation/validation-report';
import { HashValue } from '@/components/wallet/hash-value';
import { formatGas } from '@/components/wallet/tx-receipt';
import { isWalletAddress, useUserHistory } from '../api/get-user-history';

/** SPEC §4: verified green, pending yellow, failed red, anything else grey. */
const STATUS_VARIANT = { verified: 'lime', pending: 'yellow', failed: 'destructive' } as const;

function StatusBadge({ status }: { status: string }) {
  const variant = STATUS_VARIANT[status as keyof typeof STATUS_VARIANT] ?? 'secondary';
  return <Badge variant={variant}>{status}</Badge>;
}

/** SPEC §2 verification history of the wallet in the address input. */
export function VerificationHistory({
  walletAddress,
  explorerUrl,
}: {
  walletAddress: string;
  explorerUrl: string | null;
}) {
  const address = walletAddress.trim();
  const history = useUserHistory(address);
  const valid = isWalletAddress(address);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle asChild>
            <h2 className="flex items-center gap-2">
              <HistoryIcon className="size-4" aria-hidden="true" />
              VERIFICATION_HISTORY
            </h2>
          </CardTitle>
          {valid && (
            <p className="text-xs text-muted-foreground">
              Wallet <code title={address}>{shortenAddress(getAddress(address))}</code>
            </p>
          )}
        </div>
        {valid && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => history.refetch()}
            disabled={history.isFetching}
            aria-label="Refresh history"
          >
            <RefreshCwIcon
              className={history.isFetching ? 'animate-spin motion-reduce:animate-none' : undefined}
              aria-hidden="true"
            />
            REFRESH
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {!valid ? (
          <p className="text-sm text-muted-foreground">Enter a wallet address to load its verification history.</p>
        ) : history.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading history">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the history: {history.error.message}
          </p>
        ) : history.data.length === 0 ? (
          <p className="rounded-md border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
            No blockchain verified tasks yet
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Verified tasks">
            {history.data.map((record) => (
              <HistoryItem key={record.taskId} record={record} explorerUrl={explorerUrl} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** One verification record with every field of SPEC §2, and an agent task's validator report. */
function HistoryItem({ record, explorerUrl }: { record: VerificationRecord; explorerUrl: string | null }) {
  const title = taskTypeTitle(record.taskType);
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-md border border-border bg-background/60 p-4" aria-label={title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="font-display text-sm font-bold tracking-wider text-foreground">{title}</h3>
          <p className="text-xs text-muted-foreground">
            <time dateTime={record.timestamp}>{new Date(record.timestamp).toLocaleString()}</time>
            {record.avatarName && <> · {record.avatarName}</>}
          </p>
        </div>
        <StatusBadge status={record.status} />
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-y-1.5 [&>dd]:mb-2 sm:[&>dd]:mb-0">
        <dt className="label-mono text-muted-foreground">TASK_ID</dt>
        <dd className="min-w-0 font-mono break-all">{record.taskId}</dd>
        <dt className="label-mono text-muted-foreground">TX_HASH</dt>
        <dd className="min-w-0">
          {record.transactionHash ? (
            <HashValue
              value={record.transactionHash}
              explorerHref={explorerTxUrl(explorerUrl, record.transactionHash)}
              explorerLabel="View transaction in block explorer"
            />
          ) : (
            <span className="text-muted-foreground">—</span>
          )}
        </dd>
        <dt className="label-mono text-muted-foreground">BLOCK</dt>
        <dd className="font-mono">{record.blockNumber ?? '—'}</dd>
        <dt className="label-mono text-muted-foreground">GAS_USED</dt>
        <dd className="font-mono">{record.gasUsed ? formatGas(record.gasUsed) : '—'}</dd>
      </dl>
      {record.status === 'pending' && (
        <p className="text-xs text-muted-foreground" role="status">
          Recording on chain… this updates when the transaction is confirmed.
        </p>
      )}
      {record.status === 'failed' && record.error && (
        <p className="text-xs text-destructive" role="alert">
          The chain refused this record: {record.error}
        </p>
      )}
      {record.validation ? (
        <ValidationReport report={record.validation} evidenceUri={record.evidenceUri} compact />
      ) : null}
      <div className="flex flex-wrap gap-1.5">
        <span className="sr-only">Reputation gained:</span>
        {record.reputation.map((r) => (
          <Badge key={`${r.scoreType}-${r.score}`} variant="magenta">
            +{r.score} {r.scoreType}
          </Badge>
        ))}
        {record.experienceEarned > 0 && <Badge variant="default">+{record.experienceEarned} XP</Badge>}
      </div>
      <details className="group rounded-md border border-border bg-card/60">
        <summary className="label-mono flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-muted-foreground hover:text-primary [&::-webkit-details-marker]:hidden">
          <ChevronRightIcon className="size-3.5 transition-transform group-open:rotate-90" aria-hidden="true" />
          TASK_DATA
        </summary>
        <pre className="overflow-x-auto border-t border-border px-3 py-2 font-mono text-xs text-accent-foreground">
          {JSON.stringify(record.taskData, null, 2)}
        </pre>
      </details>
    </li>
  );
}
