import type { CheckOutcome, ValidationCheck } from '@app/domain/task-validation';
import { checkMark } from '@app/domain/task-validation-rules';
import { ChevronRightIcon } from 'lucide-react';
import { useState } from 'react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { cx } from '@/lib/cx';

/** How an outcome is read out (the ✓ / ✗ / – mark itself is hidden from screen readers). */
export const OUTCOME_WORD: Record<CheckOutcome, string> = {
  passed: 'Passed',
  failed: 'Failed',
  not_checked: 'Not checked',
};

const OUTCOME_CLASS: Record<CheckOutcome, string> = {
  passed: 'text-neon-lime',
  failed: 'text-destructive',
  not_checked: 'text-muted-foreground',
};

/** The checks with the failed ones first, each group in the validator's order. */
export function failingFirst(checks: readonly ValidationCheck[]): ValidationCheck[] {
  return [...checks.filter((c) => c.outcome === 'failed'), ...checks.filter((c) => c.outcome !== 'failed')];
}

/**
 * The validator's checks as a list: each row is a button (✓ / ✗ / – and what it checks) that opens
 * its evidence — exit codes, output, validator messages — in a bounded, scrollable monospace block.
 * Failed checks come first; `openFirstFailure` opens the first one's evidence.
 */
export function ValidationCheckList({
  checks,
  compact = false,
  openFirstFailure = false,
}: {
  checks: readonly ValidationCheck[];
  compact?: boolean;
  openFirstFailure?: boolean;
}) {
  if (checks.length === 0) {
    return <p className="text-xs text-muted-foreground">The validator recorded no checks.</p>;
  }
  const ordered = failingFirst(checks);
  return (
    <ul aria-label="Validation checks" className={cx('grid min-w-0', compact ? 'gap-0' : 'gap-0.5')}>
      {ordered.map((check, i) => (
        <CheckRow
          key={check.id}
          check={check}
          compact={compact}
          defaultOpen={openFirstFailure && i === 0 && check.outcome === 'failed'}
        />
      ))}
    </ul>
  );
}

function CheckRow({ check, compact, defaultOpen }: { check: ValidationCheck; compact: boolean; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const word = OUTCOME_WORD[check.outcome];
  return (
    <li className="min-w-0">
      <Collapsible open={open} onOpenChange={setOpen}>
        <CollapsibleTrigger
          className={cx(
            'group flex w-full min-w-0 cursor-pointer items-start gap-2 rounded-sm px-1.5 text-left outline-none',
            'hover:bg-primary/5 focus-visible:ring-2 focus-visible:ring-ring',
            compact ? 'py-1 text-xs' : 'py-1.5 text-xs sm:text-sm',
          )}
        >
          <span
            aria-hidden="true"
            className={cx('w-4 shrink-0 text-center font-mono font-bold', OUTCOME_CLASS[check.outcome])}
          >
            {checkMark(check.outcome)}
          </span>
          <span
            className={cx(
              'min-w-0 flex-1 [overflow-wrap:anywhere]',
              check.outcome === 'passed' ? 'text-foreground/90' : OUTCOME_CLASS[check.outcome],
            )}
          >
            <span className="sr-only">{word}:</span> {check.description}
          </span>
          <ChevronRightIcon
            className="mt-0.5 size-3.5 shrink-0 text-muted-foreground transition-transform group-hover:text-primary group-data-[state=open]:rotate-90"
            aria-hidden="true"
          />
        </CollapsibleTrigger>
        <CollapsibleContent className="pr-1 pb-1.5 pl-6 sm:pl-7">
          <p className="label-mono mb-1 text-[0.6rem] [overflow-wrap:anywhere] text-muted-foreground">
            {check.id} · <span className={OUTCOME_CLASS[check.outcome]}>{word}</span>
          </p>
          {/* A focusable, named region so keyboard users can scroll long output. */}
          <section
            aria-label={`Evidence: ${check.description}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            className="max-h-48 overflow-y-auto rounded-sm border border-border bg-background/80 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <pre className="px-2.5 py-2 font-mono text-[0.7rem] leading-relaxed whitespace-pre-wrap text-foreground/85 [overflow-wrap:anywhere]">
              {check.evidence.trim() || 'No evidence recorded.'}
            </pre>
          </section>
        </CollapsibleContent>
      </Collapsible>
    </li>
  );
}
