/**
 * What an avatar has done, from recorded facts only: every figure is computed
 * from recorded facts — verified tasks, training interactions, sales — never hard-coded.
 * Pure: the server loads the facts of one avatar and these functions turn them into the detail
 * page's performance stats (SPEC §3 stats) and achievements (SPEC §3 achievements, §4 rarities).
 *
 * Facts and where they come from:
 * - tasks: `on_chain_tasks` rows (SPEC §3) — CONFIRMED = verified on chain (a job done),
 *   FAILED or FAILED_VALIDATION (the validator scored the work below the pass mark) = a job that
 *   failed; PENDING and other states are not finished and count for nothing.
 * - interactions: `training_interactions` rows (SPEC §3) with their `successRating` and XP.
 * - sales: what the avatar sold — completed `skill_transactions` of its skill listings and its
 *   editions sold through the marketplace — with the price in wei.
 * - mintedAt: when its first edition was recorded on chain (`avatar_editions`).
 *
 * Thresholds are ours (the spec names no achievement); each rule says why it sits where it does.
 */
import type { Achievement, Rarity } from './marketplace';
import { FAILED_VALIDATION } from './task-validation';

/** An `on_chain_tasks` row: status, when it was requested and confirmed, XP it earned. */
export interface TaskFact {
  status: string;
  requestedAt: Date;
  completedAt: Date | null;
  xp: number;
}

/** A `training_interactions` row: when, its `successRating` (1..5 or null), XP gained. */
export interface InteractionFact {
  at: Date;
  rating: number | null;
  xp: number;
}

/** A completed sale by the avatar: when, and the price in wei. */
export interface SaleFact {
  at: Date;
  priceWei: bigint;
}

/** Everything recorded about one avatar that its stats and achievements are computed from. */
export interface AvatarFacts {
  tasks: readonly TaskFact[];
  interactions: readonly InteractionFact[];
  sales: readonly SaleFact[];
  mintedAt: Date | null;
}

/** `on_chain_tasks.status` of a verified task (SPEC §4 task result badge: CONFIRMED green). */
export const TASK_CONFIRMED = 'CONFIRMED';
/** `on_chain_tasks.status` of a failed task. */
export const TASK_FAILED = 'FAILED';

/** A finished task that failed: it crashed or was cancelled (FAILED), or its work failed the validator. */
export function isFailedTask(status: string): boolean {
  return status === TASK_FAILED || status === FAILED_VALIDATION;
}
/** `training_interactions.successRating` scale (ours): 1 to 5 stars; values outside it are ignored. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

// ---------------------------------------------------------------------------------------------
// Stats
// ---------------------------------------------------------------------------------------------

/** The performance figures of SPEC §3 stats, before prices are turned into strings. */
export interface AvatarStatsFacts {
  /** CONFIRMED + FAILED tasks. */
  totalJobs: number;
  /** CONFIRMED tasks. */
  successfulJobs: number;
  /** FAILED tasks. */
  failedJobs: number;
  /** Mean of valid ratings (1..5), rounded to one decimal; null when there is none. */
  averageRating: number | null;
  /** How many valid ratings the mean is over. */
  ratingCount: number;
  /** Sum of sale prices, in wei. */
  totalEarningsWei: bigint;
  /**
   * Median of `completedAt − requestedAt` over CONFIRMED tasks, in seconds rounded to one decimal
   * (the time from a job's request to its on-chain confirmation); null without confirmed tasks.
   * The median, not the mean, so one slow block does not define the figure.
   */
  responseTime: number | null;
}

const isValidRating = (r: number | null): r is number =>
  r !== null && Number.isFinite(r) && r >= RATING_MIN && r <= RATING_MAX;

/** Rounds to one decimal. */
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Median of a non-empty list. */
function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * SPEC §3 stats from facts:
 * - totalJobs = #CONFIRMED + #failed tasks ({@link isFailedTask}); successfulJobs = #CONFIRMED
 * - averageRating = mean(successRating of rated interactions), one decimal
 * - totalEarningsWei = Σ sale prices
 * - responseTime = median(confirmedAt − requestedAt) of CONFIRMED tasks, seconds
 */
export function computeAvatarStats(facts: AvatarFacts): AvatarStatsFacts {
  let successfulJobs = 0;
  let failedJobs = 0;
  const turnaround: number[] = [];
  for (const t of facts.tasks) {
    if (t.status === TASK_CONFIRMED) {
      successfulJobs++;
      if (t.completedAt) turnaround.push(Math.max(0, t.completedAt.getTime() - t.requestedAt.getTime()) / 1000);
    } else if (isFailedTask(t.status)) failedJobs++;
  }
  const ratings = facts.interactions.map((i) => i.rating).filter(isValidRating);
  return {
    totalJobs: successfulJobs + failedJobs,
    successfulJobs,
    failedJobs,
    averageRating: ratings.length ? round1(ratings.reduce((a, b) => a + b, 0) / ratings.length) : null,
    ratingCount: ratings.length,
    totalEarningsWei: facts.sales.reduce((acc, s) => acc + s.priceWei, 0n),
    responseTime: turnaround.length ? round1(median(turnaround)) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Achievements
// ---------------------------------------------------------------------------------------------

/** One achievement rule: what it is, and the date of the fact that unlocks it (null = locked). */
export interface AchievementRule {
  id: string;
  title: string;
  description: string;
  rarity: Rarity;
  unlockedAt(facts: AvatarFacts): Date | null;
}

const byTime = <T>(items: readonly T[], at: (t: T) => Date) =>
  [...items].sort((a, b) => at(a).getTime() - at(b).getTime());

/** When a confirmed task counts as done: its confirmation, else its request. */
const doneAt = (t: TaskFact) => t.completedAt ?? t.requestedAt;

/** CONFIRMED tasks, oldest first. */
const confirmed = (f: AvatarFacts) =>
  byTime(
    f.tasks.filter((t) => t.status === TASK_CONFIRMED),
    doneAt,
  );

/** The date of the n-th (1-based) item of a time-ordered list, or null when there are fewer. */
const nth = <T>(sorted: readonly T[], n: number, at: (t: T) => Date): Date | null => {
  const item = sorted[n - 1];
  return item ? at(item) : null;
};

/** The date at which a running total (in time order) first reaches `threshold`. */
function whenTotalReaches<T>(
  items: readonly T[],
  at: (t: T) => Date,
  amount: (t: T) => bigint,
  threshold: bigint,
): Date | null {
  let total = 0n;
  for (const item of byTime(items, at)) {
    total += amount(item);
    if (total >= threshold) return at(item);
  }
  return null;
}

/** Confirmed tasks that make a "career": 10 and 100 (ours: an order of magnitude apart). */
export const TASK_RUNNER_JOBS = 10;
export const TASK_LEGEND_JOBS = 100;
/** Training interactions of a "dedicated learner" (ours: 10 × TRAINING_MILESTONE of the verifier). */
export const DEDICATED_LEARNER_INTERACTIONS = 100;
/** TOP_RATED: at least this many ratings with a running mean of at least 4.5 (ours). */
export const TOP_RATED_MIN_RATINGS = 5;
export const TOP_RATED_MIN_AVERAGE = 4.5;
/** Sales of a MARKET_MOVER (ours). */
export const MARKET_MOVER_SALES = 10;
/** Lifetime sales of a WHALE_TRADER: 1 ETH in wei (ours: ~7 of the spec's priciest 0.15 ETH template). */
export const WHALE_TRADER_WEI = 10n ** 18n;
/** Recorded XP of NEURAL_ASCENSION: 10,000 = four full 2,500-XP level cycles (SPEC §2) past level 1. */
export const NEURAL_ASCENSION_XP = 10_000n;

/** Every rule, in display order within a date (common first). */
export const ACHIEVEMENT_RULES: readonly AchievementRule[] = [
  {
    id: 'ON_CHAIN_IDENTITY',
    title: 'ON_CHAIN_IDENTITY',
    description: 'Minted as an NFT: its identity is recorded on the blockchain.',
    rarity: 'common',
    unlockedAt: (f) => f.mintedAt,
  },
  {
    id: 'FIRST_CONTACT',
    title: 'FIRST_CONTACT',
    description: 'Completed its first training interaction.',
    rarity: 'common',
    unlockedAt: (f) =>
      nth(
        byTime(f.interactions, (i) => i.at),
        1,
        (i) => i.at,
      ),
  },
  {
    id: 'FIRST_JOB',
    title: 'FIRST_JOB',
    description: 'Had its first task verified on chain.',
    rarity: 'common',
    unlockedAt: (f) => nth(confirmed(f), 1, doneAt),
  },
  {
    id: 'FIRST_SALE',
    title: 'FIRST_SALE',
    description: 'Made its first sale on the marketplace.',
    rarity: 'rare',
    unlockedAt: (f) =>
      nth(
        byTime(f.sales, (s) => s.at),
        1,
        (s) => s.at,
      ),
  },
  {
    id: 'TASK_RUNNER',
    title: 'TASK_RUNNER',
    description: `Completed ${TASK_RUNNER_JOBS} verified tasks.`,
    rarity: 'rare',
    unlockedAt: (f) => nth(confirmed(f), TASK_RUNNER_JOBS, doneAt),
  },
  {
    id: 'DEDICATED_LEARNER',
    title: 'DEDICATED_LEARNER',
    description: `Trained through ${DEDICATED_LEARNER_INTERACTIONS} interactions.`,
    rarity: 'rare',
    unlockedAt: (f) =>
      nth(
        byTime(f.interactions, (i) => i.at),
        DEDICATED_LEARNER_INTERACTIONS,
        (i) => i.at,
      ),
  },
  {
    id: 'TOP_RATED',
    title: 'TOP_RATED',
    description: `Average rating of ${TOP_RATED_MIN_AVERAGE}+ over at least ${TOP_RATED_MIN_RATINGS} ratings.`,
    rarity: 'rare',
    unlockedAt: (f) => {
      let sum = 0;
      let n = 0;
      for (const i of byTime(f.interactions, (x) => x.at)) {
        if (!isValidRating(i.rating)) continue;
        sum += i.rating;
        n++;
        if (n >= TOP_RATED_MIN_RATINGS && sum / n >= TOP_RATED_MIN_AVERAGE) return i.at;
      }
      return null;
    },
  },
  {
    id: 'FLAWLESS_RECORD',
    title: 'FLAWLESS_RECORD',
    description: `${TASK_RUNNER_JOBS} verified tasks in a row without a single failure.`,
    rarity: 'epic',
    unlockedAt: (f) => {
      const finished = byTime(
        f.tasks.filter((t) => t.status === TASK_CONFIRMED || isFailedTask(t.status)),
        doneAt,
      );
      let streak = 0;
      for (const t of finished) {
        streak = t.status === TASK_CONFIRMED ? streak + 1 : 0;
        if (streak === TASK_RUNNER_JOBS) return doneAt(t);
      }
      return null;
    },
  },
  {
    id: 'MARKET_MOVER',
    title: 'MARKET_MOVER',
    description: `Closed ${MARKET_MOVER_SALES} sales on the marketplace.`,
    rarity: 'epic',
    unlockedAt: (f) =>
      nth(
        byTime(f.sales, (s) => s.at),
        MARKET_MOVER_SALES,
        (s) => s.at,
      ),
  },
  {
    id: 'NEURAL_ASCENSION',
    title: 'NEURAL_ASCENSION',
    description: `Earned ${NEURAL_ASCENSION_XP.toLocaleString('en-US')} XP from recorded tasks and training.`,
    rarity: 'epic',
    unlockedAt: (f) => {
      const events = [
        ...f.tasks.filter((t) => t.status === TASK_CONFIRMED).map((t) => ({ at: doneAt(t), xp: t.xp })),
        ...f.interactions.map((i) => ({ at: i.at, xp: i.xp })),
      ];
      return whenTotalReaches(
        events,
        (e) => e.at,
        (e) => BigInt(Math.max(0, Math.floor(e.xp))),
        NEURAL_ASCENSION_XP,
      );
    },
  },
  {
    id: 'TASK_LEGEND',
    title: 'TASK_LEGEND',
    description: `Completed ${TASK_LEGEND_JOBS} verified tasks.`,
    rarity: 'legendary',
    unlockedAt: (f) => nth(confirmed(f), TASK_LEGEND_JOBS, doneAt),
  },
  {
    id: 'WHALE_TRADER',
    title: 'WHALE_TRADER',
    description: 'Sold 1 ETH or more in total on the marketplace.',
    rarity: 'legendary',
    unlockedAt: (f) =>
      whenTotalReaches(
        f.sales,
        (s) => s.at,
        (s) => s.priceWei,
        WHALE_TRADER_WEI,
      ),
  },
];

/**
 * The achievements the facts unlock, oldest first (ties keep {@link ACHIEVEMENT_RULES} order);
 * `unlockedDate` is the date of the fact that unlocked each one (ISO-8601).
 */
export function unlockAchievements(
  facts: AvatarFacts,
  rules: readonly AchievementRule[] = ACHIEVEMENT_RULES,
): Achievement[] {
  const unlocked: { rule: AchievementRule; at: Date; order: number }[] = [];
  rules.forEach((rule, order) => {
    const at = rule.unlockedAt(facts);
    if (at) unlocked.push({ rule, at, order });
  });
  unlocked.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  return unlocked.map(({ rule, at }) => ({
    id: rule.id,
    title: rule.title,
    description: rule.description,
    rarity: rule.rarity,
    unlockedDate: at.toISOString(),
  }));
}
