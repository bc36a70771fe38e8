import type { FailedJob } from '@app/domain/jobs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFailedJobs } from './api/get-failed-jobs';
import { useRetryFailedJob } from './api/retry-failed-job';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Admin: background jobs that failed their last attempt (dead-lettered), each with RETRY. */
export function FailedJobsCard() {
  const jobs = useFailedJobs();
  const retry = useRetryFailedJob();
  const busyId = retry.isPending ? retry.variables : undefined;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle asChild>
          <h2>FAILED_JOBS</h2>
        </CardTitle>
        <CardDescription>
          Background jobs (agent tasks, card fulfilment) that failed every retry. RETRY queues one again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {jobs.isLoading ? (
          <div className="grid gap-2" role="status" aria-label="Loading failed jobs">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : jobs.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {jobs.error.message}
          </p>
        ) : !jobs.data?.length ? (
          <p className="label-mono text-sm text-muted-foreground">
            NO_FAILED_JOBS — every background job went through.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Failed jobs">
            {jobs.data.map((job) => (
              <FailedJobItem key={job.id} job={job} busy={busyId === job.id} onRetry={() => retry.mutate(job.id)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function FailedJobItem({ job, busy, onRetry }: { job: FailedJob; busy: boolean; onRetry: () => void }) {
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border bg-background/60 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="magenta">{job.queue}</Badge>
          <span className="text-xs text-muted-foreground">
            {job.attempts} attempts · failed {timeFormat.format(new Date(job.failedAt))}
          </span>
        </div>
        <p className="break-words font-mono text-sm text-destructive">{job.error}</p>
        <p className="break-all font-mono text-xs text-muted-foreground">{JSON.stringify(job.data)}</p>
      </div>
      <Button
        size="sm"
        variant="lime"
        disabled={busy}
        aria-label={`RETRY ${job.queue} job ${job.id}`}
        onClick={onRetry}
      >
        RETRY
      </Button>
    </li>
  );
}
