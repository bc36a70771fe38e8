import type { AvatarStats } from '@app/domain/marketplace';
import { successRatePercent } from '@app/domain/marketplace-rules';
import { progressPercent, toNextLevelDetail, XP_PER_LEVEL, xpIntoLevel } from '@app/domain/training';
import { Progress } from '@/components/ui/progress-plain';
import { formatCount } from '../../format';

/**
 * SPEC §2 Analytics: the success-rate percentage (successful jobs / total jobs, one decimal) and
 * experience growth — level, total EXP, 'To Next Level' = 15000 minus experience, and a progress
 * bar at (experience modulo 2500) / 25 (@app/domain/training).
 */
export function AnalyticsTab({
  stats,
  level,
  experiencePoints,
}: {
  stats: AvatarStats;
  level: number;
  experiencePoints: number;
}) {
  const rate = successRatePercent(stats.successfulJobs, stats.totalJobs);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="success-heading" className="rounded-lg border border-border bg-card/85 p-5">
        <h3 id="success-heading" className="label-mono text-neon-magenta">
          SUCCESS_RATE
        </h3>
        <p className="mt-3 font-display text-4xl font-black text-neon-lime glow-text tabular-nums">
          {rate.toFixed(1)}%
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          {stats.successfulJobs} successful of {stats.totalJobs} jobs
        </p>
        <Progress
          value={rate}
          className="mt-4"
          indicatorClassName="bg-neon-lime shadow-[0_0_10px_var(--neon-lime)]"
          aria-label="Success rate"
        />
      </section>
      <section aria-labelledby="growth-heading" className="rounded-lg border border-border bg-card/85 p-5">
        <h3 id="growth-heading" className="label-mono text-neon-magenta">
          EXPERIENCE_GROWTH
        </h3>
        <dl className="mt-3 grid grid-cols-3 gap-3">
          <div>
            <dt className="label-mono text-[0.6rem] text-muted-foreground">LEVEL</dt>
            <dd className="font-display text-2xl font-black text-primary tabular-nums">{level}</dd>
          </div>
          <div className="min-w-0">
            <dt className="label-mono text-[0.6rem] text-muted-foreground">TOTAL EXP</dt>
            <dd className="truncate font-display text-2xl font-black text-neon-yellow tabular-nums">
              {formatCount(experiencePoints)}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="label-mono text-[0.6rem] text-muted-foreground">To Next Level</dt>
            <dd className="truncate font-display text-2xl font-black text-foreground tabular-nums">
              {formatCount(toNextLevelDetail(experiencePoints))}
            </dd>
          </div>
        </dl>
        <Progress
          value={progressPercent(experiencePoints)}
          className="mt-4"
          aria-label="Progress in the current level"
        />
        <p className="mt-1 text-xs text-muted-foreground">
          {formatCount(xpIntoLevel(experiencePoints))} / {formatCount(XP_PER_LEVEL)} XP this cycle
        </p>
      </section>
    </div>
  );
}
