import type { AvatarStats } from '@app/domain/marketplace';
import { formatUsd } from '@app/domain/pricing-rules';
import { BriefcaseIcon, ClockIcon, CoinsIcon, StarIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { formatDuration } from '../../format';

/**
 * SPEC §2 performance stats: total jobs, average rating, total earnings, response time — each
 * computed by the server from recorded facts (verified tasks, rated training, sales).
 */
export function PerformanceStats({ stats }: { stats: AvatarStats }) {
  const items: { label: string; value: string; hint: string; icon: ReactNode }[] = [
    {
      label: 'TOTAL_JOBS',
      value: String(stats.totalJobs),
      hint: `${stats.successfulJobs} successful`,
      icon: <BriefcaseIcon aria-hidden="true" />,
    },
    {
      label: 'AVG_RATING',
      value: stats.averageRating === null ? '—' : `${stats.averageRating.toFixed(1)}/5`,
      hint: stats.ratingCount ? `${stats.ratingCount} ratings` : 'not rated yet',
      icon: <StarIcon aria-hidden="true" />,
    },
    {
      label: 'TOTAL_EARNINGS',
      value: `${stats.totalEarnings} ETH`,
      hint: formatUsd(stats.totalEarningsUsd),
      icon: <CoinsIcon aria-hidden="true" />,
    },
    {
      label: 'RESPONSE_TIME',
      value: stats.responseTime === null ? '—' : formatDuration(stats.responseTime),
      hint: 'median, to chain',
      icon: <ClockIcon aria-hidden="true" />,
    },
  ];
  return (
    <section aria-labelledby="stats-heading" className="rounded-lg border border-border bg-card/85 p-5">
      <h2 id="stats-heading" className="label-mono text-neon-magenta">
        PERFORMANCE_STATS
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {items.map((it) => (
          <div key={it.label} className="min-w-0 rounded-md border border-border bg-background/40 p-3">
            <dt className="flex items-center gap-1.5 label-mono text-[0.65rem] text-muted-foreground [&_svg]:size-3.5 [&_svg]:shrink-0 [&_svg]:text-primary">
              {it.icon}
              {/* A narrow box breaks a long label after an underscore, never inside a word. */}
              <span className="min-w-0">
                {it.label.split('_').map((part, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed label
                  <Fragment key={i}>
                    {i > 0 && (
                      <>
                        _<wbr />
                      </>
                    )}
                    {part}
                  </Fragment>
                ))}
              </span>
            </dt>
            <dd className="mt-1 truncate font-display text-lg font-bold text-foreground tabular-nums">{it.value}</dd>
            <dd className="truncate text-[0.7rem] text-muted-foreground">{it.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
