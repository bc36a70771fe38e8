import { ListChecksIcon, RefreshCwIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isTaskInFlight, useAvatarTasks } from '@/lib/tasks/get-avatar-tasks';
import { cn } from '@/lib/utils';
import { TaskResultCard } from './task-result-card';

/** How many results the compact list (avatar chat page) shows. */
const COMPACT_LIMIT = 5;

/**
 * Recent Tasks of one avatar (SPEC §2 AI_CHAT): newest first, each as a
 * {@link TaskResultCard}. The list follows tasks in flight by itself (see `getAvatarTasksQueryOptions`).
 * `compact` is the avatar chat page's narrower version with the latest {@link COMPACT_LIMIT} tasks.
 */
export function RecentTasks({
  avatarId,
  avatarName,
  compact = false,
  className,
}: {
  avatarId: number;
  avatarName: string;
  compact?: boolean;
  className?: string;
}) {
  const tasks = useAvatarTasks(avatarId);
  const headingId = useId();
  const running = tasks.data?.filter(isTaskInFlight).length ?? 0;
  const shown = compact ? tasks.data?.slice(0, COMPACT_LIMIT) : tasks.data;

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex min-w-0 flex-col gap-4 rounded-lg border border-border bg-card/85',
        compact ? 'p-3 sm:p-4' : 'p-3 sm:p-5',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="label-mono flex items-center gap-2 text-primary">
          <ListChecksIcon className="size-4" aria-hidden="true" />
          RECENT_TASKS
        </h2>
        <p role="status" className="label-mono flex items-center gap-1.5 text-[0.65rem] text-muted-foreground">
          {running > 0 ? (
            <>
              <span
                className="size-1.5 animate-pulse rounded-full bg-neon-yellow shadow-[0_0_6px_var(--neon-yellow)] motion-reduce:animate-none"
                aria-hidden="true"
              />
              <span className="text-neon-yellow">{running} IN PROGRESS</span>
            </>
          ) : tasks.data ? (
            `${tasks.data.length} ${tasks.data.length === 1 ? 'TASK' : 'TASKS'}`
          ) : null}
        </p>
      </div>

      {tasks.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading tasks">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : tasks.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm text-destructive">
          <span>Could not load the tasks: {tasks.error.message}</span>
          <Button type="button" size="sm" variant="outline" onClick={() => tasks.refetch()}>
            <RefreshCwIcon aria-hidden="true" />
            RETRY
          </Button>
        </div>
      ) : shown && shown.length > 0 ? (
        <ul
          aria-label={`Recent tasks of ${avatarName}`}
          className={cn('grid min-w-0 items-start gap-3', compact && 'lg:grid-cols-2')}
        >
          {shown.map((task) => (
            <TaskResultCard key={task.id} task={task} avatarName={avatarName} compact={compact} />
          ))}
        </ul>
      ) : (
        <p className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          No tasks yet. Ask {avatarName} to make art, build a website, draft a cast or start a code project, then press
          the task's action to run it.
        </p>
      )}
    </section>
  );
}
