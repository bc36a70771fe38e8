import { explorerTxUrl, taskTypeTitle, type VerifiableTask } from '@app/domain/blockchain';
import { CheckCircle2Icon, CircleDashedIcon, LoaderIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { HashValue } from '@/components/wallet/hash-value';
import { useVerifiableTasks } from '@/lib/get-verifiable-tasks';
import { cn } from '@/lib/utils';

const STATUS_LABEL = { ready: 'READY', pending: 'PENDING', verified: 'VERIFIED', not_ready: 'NOT_YET' } as const;
const STATUS_VARIANT = { ready: 'default', pending: 'yellow', verified: 'lime', not_ready: 'outline' } as const;

/** Stable identity of a task in the list (its claim key, else type + data). */
export const taskKeyOf = (t: Pick<VerifiableTask, 'taskId' | 'taskType' | 'taskData'>) =>
  t.taskId ?? `${t.taskType}:${JSON.stringify(t.taskData)}`;

/**
 * The avatar's finished tasks as a radio list (so the user picks a real task instead of typing JSON): ready ones can be picked and fill the
 * verification form; verified ones link their transaction; not-ready ones say what is missing.
 * Arrow keys move between the ready tasks (native radio group).
 */
export function FinishedTasks({
  avatarId,
  selectedKey,
  onPick,
  explorerUrl,
}: {
  avatarId: number | null;
  selectedKey: string | null;
  onPick: (task: VerifiableTask) => void;
  explorerUrl: string | null;
}) {
  const tasks = useVerifiableTasks(avatarId);
  if (avatarId == null) return null;
  if (tasks.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading finished tasks">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (tasks.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load this avatar's tasks: {tasks.error.message}
      </p>
    );
  }
  const readyCount = tasks.data.filter((t) => t.status === 'ready').length;
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="label-mono mb-2 text-muted-foreground">
        FINISHED_TASKS <span className="text-neon-lime">{readyCount} ready to verify</span>
      </legend>
      <ul className="grid gap-2" aria-label="Finished tasks">
        {tasks.data.map((task) => {
          const key = taskKeyOf(task);
          const ready = task.status === 'ready';
          const selected = ready && key === selectedKey;
          const txUrl = task.transactionHash ? explorerTxUrl(explorerUrl, task.transactionHash) : null;
          const Row = ready ? 'label' : 'div';
          return (
            <li key={key}>
              <Row
                className={cn(
                  'relative flex min-w-0 flex-col gap-1.5 rounded-md border bg-background/60 px-3 py-2.5 sm:flex-row sm:items-center sm:gap-3',
                  ready
                    ? 'cursor-pointer hover:border-primary/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring'
                    : 'opacity-80',
                  selected ? 'border-primary shadow-[0_0_12px] shadow-primary/30' : 'border-border',
                )}
              >
                {ready && (
                  <input
                    type="radio"
                    name={`finished-task-${avatarId}`}
                    className="peer sr-only"
                    checked={selected}
                    onChange={() => onPick(task)}
                  />
                )}
                <span className="flex min-w-0 flex-1 items-start gap-2">
                  {task.status === 'verified' ? (
                    <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-neon-lime" aria-hidden="true" />
                  ) : task.status === 'pending' ? (
                    <LoaderIcon
                      className="mt-0.5 size-4 shrink-0 animate-spin text-neon-yellow motion-reduce:animate-none"
                      aria-hidden="true"
                    />
                  ) : (
                    <CircleDashedIcon
                      className={cn('mt-0.5 size-4 shrink-0', selected ? 'text-primary' : 'text-muted-foreground')}
                      aria-hidden="true"
                    />
                  )}
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="text-sm [overflow-wrap:anywhere]">{task.title}</span>
                    <span className="label-mono text-[0.65rem] text-muted-foreground">
                      {taskTypeTitle(task.taskType)} · +{task.reward.xp} XP · +{task.reward.score}{' '}
                      {task.reward.scoreType}
                    </span>
                    {task.reason && (
                      <span className="text-xs [overflow-wrap:anywhere] text-neon-yellow">{task.reason}</span>
                    )}
                  </span>
                </span>
                <span className="flex shrink-0 items-center gap-2 self-start sm:self-center">
                  {task.transactionHash && (
                    <HashValue value={task.transactionHash} explorerHref={txUrl} className="text-xs" />
                  )}
                  <Badge variant={STATUS_VARIANT[task.status]}>{STATUS_LABEL[task.status]}</Badge>
                </span>
              </Row>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
