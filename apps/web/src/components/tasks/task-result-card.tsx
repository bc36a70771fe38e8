import { chatActionLabel } from '@app/domain/chat';
import { validationEvidenceUri } from '@app/domain/task-validation-rules';
import { previewKind, type TaskResult, taskBadgeColor } from '@app/domain/tasks';
import {
  AlertTriangleIcon,
  ChevronRightIcon,
  CodeXmlIcon,
  GlobeIcon,
  ImageIcon,
  InfoIcon,
  LoaderIcon,
  type LucideIcon,
  MessageSquareTextIcon,
  WorkflowIcon,
  XIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ValidationReport } from '@/components/validation/validation-report';
import { HashValue } from '@/components/wallet/hash-value';
import { useCancelTask } from '@/lib/tasks/cancel-task';
import { isTaskInFlight } from '@/lib/tasks/get-avatar-tasks';
import { cn } from '@/lib/utils';
import { TaskPreview } from './task-preview';

/** SPEC §4 task result badge colours: CONFIRMED green, PENDING yellow, anything else red. */
const BADGE_VARIANT = { green: 'lime', yellow: 'yellow', red: 'destructive' } as const;

/** Left accent of a card by status colour. */
const ACCENT = {
  green: 'border-l-neon-lime',
  yellow: 'border-l-neon-yellow',
  red: 'border-l-destructive',
} as const;

/** An icon per preview kind, so the list can be scanned by type. */
const KIND_ICON: Record<string, LucideIcon> = {
  art: ImageIcon,
  site: GlobeIcon,
  cast: MessageSquareTextIcon,
  code: CodeXmlIcon,
};

/** Keys shown elsewhere on the card and left out of the verification data view. */
const SHOWN_ELSEWHERE = new Set(['phase', 'error', 'validation']);

/** The status badge of a task result (SPEC §4). */
export function TaskStatusBadge({ status }: { status: string }) {
  return <Badge variant={BADGE_VARIANT[taskBadgeColor(status)]}>{status}</Badge>;
}

/**
 * One task result (SPEC §2/§3): status badge, task type, description, taskId, the transaction hash
 * and contract address shortened 8+6 with copy buttons, block and XP, the reason when it FAILED or
 * is a saved draft, the validator's report (score, checks with evidence, who made the work), its
 * preview, the verification data (collapsible) and CANCEL while in flight.
 */
export function TaskResultCard({
  task,
  avatarName,
  compact = false,
}: {
  task: TaskResult;
  avatarName: string;
  compact?: boolean;
}) {
  const cancel = useCancelTask();
  const label = chatActionLabel(task.taskType);
  const color = taskBadgeColor(task.status);
  const inFlight = isTaskInFlight(task);
  const created = new Date(task.createdAt);
  const Icon = KIND_ICON[previewKind(task.taskType) ?? ''] ?? WorkflowIcon;
  const entries = Object.entries(task.verificationData).filter(([k]) => !SHOWN_ELSEWHERE.has(k));

  return (
    <li
      aria-label={`${label} task`}
      aria-busy={inFlight}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-md border border-l-2 border-border bg-background/60',
        ACCENT[color],
        compact ? 'p-3' : 'p-3 sm:p-4',
      )}
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <TaskStatusBadge status={task.status} />
            {task.phase !== 'done' && task.phase !== 'failed' ? (
              <span className="label-mono flex items-center gap-1 text-[0.65rem] text-muted-foreground">
                {inFlight ? (
                  <LoaderIcon className="size-3 animate-spin motion-reduce:animate-none" aria-hidden="true" />
                ) : null}
                {task.phase}
              </span>
            ) : null}
          </div>
          <h3 className="flex items-center gap-2 font-display text-sm font-bold tracking-wider text-foreground">
            <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {label}
          </h3>
        </div>
        <div className="flex items-center gap-2">
          <time
            dateTime={task.createdAt}
            className="font-mono text-[0.7rem] text-muted-foreground"
            title={created.toLocaleString()}
          >
            {created.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
          </time>
          {inFlight ? (
            <Button
              type="button"
              size="sm"
              variant="destructive"
              disabled={cancel.isPending}
              aria-label={`Cancel ${label} task`}
              onClick={() => cancel.mutate(task)}
            >
              <XIcon aria-hidden="true" />
              {cancel.isPending ? 'CANCELLING...' : 'CANCEL'}
            </Button>
          ) : null}
        </div>
      </div>

      <p className="text-sm break-words text-muted-foreground">{task.description}</p>

      {task.error ? <TaskReason task={task} /> : null}

      {task.validation ? (
        <ValidationReport
          report={task.validation}
          evidenceUri={validationEvidenceUri(task.taskId, task.verificationData)}
          compact={compact}
        />
      ) : null}

      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-1.5 text-sm">
        <dt className="label-mono text-muted-foreground">TASK_ID</dt>
        <dd className="min-w-0 font-mono text-xs break-all text-foreground">{task.taskId}</dd>
        <dt className="label-mono text-muted-foreground">TX_HASH</dt>
        <dd className="min-w-0">{task.transactionHash ? <HashValue value={task.transactionHash} /> : <Dash />}</dd>
        <dt className="label-mono text-muted-foreground">CONTRACT</dt>
        <dd className="min-w-0">{task.contractAddress ? <HashValue value={task.contractAddress} /> : <Dash />}</dd>
        {task.blockNumber !== null ? (
          <>
            <dt className="label-mono text-muted-foreground">BLOCK</dt>
            <dd className="font-mono">{task.blockNumber}</dd>
          </>
        ) : null}
        {task.experienceEarned > 0 ? (
          <>
            <dt className="label-mono text-muted-foreground">XP</dt>
            <dd className="font-mono font-bold text-neon-lime">+{task.experienceEarned} XP</dd>
          </>
        ) : null}
      </dl>

      <TaskPreview task={task} avatarName={avatarName} compact={compact} />

      {entries.length > 0 ? (
        <details className="group rounded-md border border-border bg-card/60">
          <summary className="label-mono flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-muted-foreground hover:text-primary [&::-webkit-details-marker]:hidden">
            <ChevronRightIcon className="size-3.5 transition-transform group-open:rotate-90" aria-hidden="true" />
            VERIFICATION_DATA
          </summary>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 border-t border-border px-3 py-2 text-xs sm:grid-cols-[auto_minmax(0,1fr)]">
            {entries.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-mono text-primary/80">{key}</dt>
                <dd className="mb-1.5 min-w-0 font-mono break-all text-foreground/90 sm:mb-0">{formatValue(value)}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </li>
  );
}

/** The reason a task FAILED (red) or why it stopped at a draft (yellow). */
function TaskReason({ task }: { task: TaskResult }) {
  const failed = task.status !== 'PENDING' && task.status !== 'CONFIRMED';
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-sm break-words',
        failed
          ? 'border-destructive/50 bg-destructive/10 text-destructive'
          : 'border-neon-yellow/40 bg-neon-yellow/5 text-neon-yellow',
      )}
    >
      {failed ? (
        <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      <span className="min-w-0">
        <span className="label-mono mr-2">{failed ? 'REASON' : 'NOTE'}</span>
        {task.error}
      </span>
    </p>
  );
}

function Dash() {
  return <span className="text-muted-foreground">—</span>;
}

/** A verification-data value as text: strings as they are, lists joined, objects as JSON. */
function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  return JSON.stringify(value);
}
