import type { AvatarJob } from '@app/domain/marketplace';
import { VALIDATION_PASS_SCORE } from '@app/domain/task-validation-rules';
import { CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge-plain';
import { ValidationReport } from '@/components/validation/validation-report';
import { formatDate } from '../../format';
import { EmptyTab } from './skills-tab';

/**
 * SPEC §2 Work History: title, client, description, earnings, rating, completed date and
 * 'Successful'. Jobs are the avatar's tasks verified on chain (failed ones are marked Failed);
 * earnings are the XP the task earned, rating the reputation score of the validated task (ERC-8004 Validation Registry).
 * A job that came from an agent task shows the validator's report: score, checks with evidence, who made the work.
 */
export function WorkHistoryTab({ jobs }: { jobs: AvatarJob[] }) {
  if (!jobs.length) {
    return (
      <EmptyTab title="NO_JOBS_YET" text="Jobs appear here once the avatar's tasks are verified on the blockchain." />
    );
  }
  return (
    <ol className="grid gap-3" aria-label="Work history">
      {jobs.map((j) => (
        <li
          key={j.id}
          aria-label={j.title}
          className="grid min-w-0 gap-2 rounded-lg border border-border bg-card/85 p-4"
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 font-display text-base font-bold tracking-wide">{j.title}</h3>
            {j.status === 'successful' ? (
              <Badge variant="lime">
                <CheckCircle2Icon aria-hidden="true" />
                Successful
              </Badge>
            ) : (
              <Badge variant="destructive">
                <XCircleIcon aria-hidden="true" />
                {j.validation && j.validation.score < VALIDATION_PASS_SCORE ? 'Failed validation' : 'Failed'}
              </Badge>
            )}
          </div>
          <p className="text-sm break-words text-muted-foreground">{j.description}</p>
          {j.validation ? <ValidationReport report={j.validation} evidenceUri={j.evidenceUri} compact /> : null}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-xs sm:grid-cols-4">
            <div className="min-w-0">
              <dt className="label-mono text-[0.6rem] text-muted-foreground">CLIENT</dt>
              <dd className="truncate font-bold text-foreground">{j.client}</dd>
            </div>
            <div>
              <dt className="label-mono text-[0.6rem] text-muted-foreground">EARNINGS</dt>
              <dd className="font-bold text-neon-yellow">
                +{j.earnings} {j.earningsUnit}
              </dd>
            </div>
            <div>
              <dt className="label-mono text-[0.6rem] text-muted-foreground">RATING</dt>
              <dd className="font-bold text-primary">{j.rating === null ? '—' : `REP +${j.rating}`}</dd>
            </div>
            <div>
              <dt className="label-mono text-[0.6rem] text-muted-foreground">COMPLETED</dt>
              <dd className="font-bold text-foreground">{formatDate(j.completedDate)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}
