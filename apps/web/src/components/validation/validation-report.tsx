import type { TaskValidationReport } from '@app/domain/task-validation';
import { producerLabel, VALIDATION_PASS_SCORE } from '@app/domain/task-validation-rules';
import { AlertTriangleIcon, BoxIcon, CpuIcon, ShieldCheckIcon, ShieldXIcon } from 'lucide-react';
import { useId } from 'react';
import { cx } from '@/lib/cx';
import { parseWebUrl } from '@/lib/web-url';
import { ValidationFooter } from './validation-artefacts';
import { ValidationCheckList } from './validation-checks';

/**
 * What the platform validator found about a task's work (DESIGN §8), the same wherever it is shown
 * (the task result card, the avatar's Work History, the /blockchain history): the score
 * ("VALIDATION 75/100", the ERC-8004 validation response), who made the work ("model gpt-4.1 via
 * openai" / "embedded engine"), each check with ✓ / ✗ / – and its evidence on demand, the
 * artefacts with their sha256, and a link to the evidence file (responseURI).
 *
 * Work scored below {@link VALIDATION_PASS_SCORE} is shown as FAILED_VALIDATION (red, no XP) with the
 * failed checks first. `compact` is the denser version for lists.
 */
export function ValidationReport({
  report,
  evidenceUri,
  compact = false,
  className,
}: {
  report: TaskValidationReport;
  /** The evidence file (responseURI); no link when null. */
  evidenceUri?: string | null;
  compact?: boolean;
  className?: string;
}) {
  const headingId = useId();
  const failed = report.score < VALIDATION_PASS_SCORE;
  const passedCount = report.checks.filter((c) => c.outcome === 'passed').length;
  const notChecked = report.checks.filter((c) => c.outcome === 'not_checked').length;
  const href = parseWebUrl(evidenceUri)?.href ?? null;
  const ProducerIcon = report.producer.kind === 'model' ? CpuIcon : BoxIcon;
  const ScoreIcon = failed ? ShieldXIcon : ShieldCheckIcon;

  return (
    <section
      aria-labelledby={headingId}
      className={cx(
        'flex min-w-0 flex-col rounded-md border bg-card/60',
        failed ? 'border-destructive/50' : 'border-neon-lime/30',
        compact ? 'gap-1.5 p-2.5' : 'gap-2.5 p-3',
        className,
      )}
    >
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h4
          id={headingId}
          className={cx(
            'label-mono flex items-center gap-1.5',
            compact ? 'text-[0.65rem]' : 'text-xs',
            failed ? 'text-destructive' : 'text-neon-lime',
          )}
        >
          <ScoreIcon className="size-3.5 shrink-0" aria-hidden="true" />
          VALIDATION{' '}
          <span className={cx('font-mono tracking-normal', compact ? 'text-xs' : 'text-sm', !failed && 'glow-text')}>
            {report.score}/100
          </span>
        </h4>
        <p className="label-mono text-[0.6rem] text-muted-foreground">
          {passedCount}/{report.checks.length} CHECKS PASSED
          {notChecked > 0 ? ` · ${notChecked} NOT CHECKED` : ''}
        </p>
      </div>

      {compact ? null : (
        <div className="h-1 w-full overflow-hidden rounded-full bg-border" aria-hidden="true">
          <div
            className={cx(
              'h-full rounded-full',
              failed ? 'bg-destructive' : 'bg-neon-lime shadow-[0_0_8px_var(--neon-lime)]',
            )}
            style={{ width: `${report.score}%` }}
          />
        </div>
      )}

      {failed ? (
        <p className="flex items-start gap-2 rounded-sm border border-destructive/50 bg-destructive/10 px-2.5 py-1.5 text-xs text-destructive">
          <AlertTriangleIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0">
            <span className="label-mono block text-[0.65rem]">FAILED_VALIDATION</span>
            Scored {report.score}/100, below the pass mark of {VALIDATION_PASS_SCORE}: no XP was awarded. The failed
            checks are listed first.
          </span>
        </p>
      ) : null}

      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
        <span className="label-mono flex items-center gap-1.5 text-[0.6rem] text-muted-foreground">
          <ProducerIcon className="size-3.5 text-primary" aria-hidden="true" />
          MADE_BY
        </span>
        <span className="min-w-0 font-mono [overflow-wrap:anywhere] text-foreground">
          {producerLabel(report.producer)}
        </span>
      </p>

      <ValidationCheckList checks={report.checks} compact={compact} openFirstFailure={failed && !compact} />

      <ValidationFooter artefacts={report.artefacts} evidenceHref={href} />
    </section>
  );
}
