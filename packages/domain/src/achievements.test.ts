import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_RULES,
  type AvatarFacts,
  computeAvatarStats,
  type InteractionFact,
  type TaskFact,
  unlockAchievements,
} from './achievements';
import { ethToWei } from './pricing';

const T0 = Date.UTC(2025, 0, 1);
/** A date `m` minutes after T0. */
const at = (m: number) => new Date(T0 + m * 60_000);
const empty: AvatarFacts = { tasks: [], interactions: [], sales: [], mintedAt: null };

const task = (m: number, status = 'CONFIRMED', secs = 4, xp = 50): TaskFact => ({
  status,
  requestedAt: at(m),
  completedAt: status === 'PENDING' ? null : new Date(at(m).getTime() + secs * 1000),
  xp,
});
const chat = (m: number, rating: number | null = null, xp = 10): InteractionFact => ({ at: at(m), rating, xp });
const ids = (facts: AvatarFacts) => unlockAchievements(facts).map((a) => a.id);

describe('computeAvatarStats', () => {
  it('is all zeros and nulls without facts', () => {
    expect(computeAvatarStats(empty)).toEqual({
      totalJobs: 0,
      successfulJobs: 0,
      failedJobs: 0,
      averageRating: null,
      ratingCount: 0,
      totalEarningsWei: 0n,
      responseTime: null,
    });
  });

  it('counts CONFIRMED and FAILED tasks as jobs, ignores PENDING', () => {
    const s = computeAvatarStats({
      ...empty,
      tasks: [task(1), task(2), task(3, 'FAILED'), task(4, 'PENDING')],
    });
    expect(s).toMatchObject({ totalJobs: 3, successfulJobs: 2, failedJobs: 1 });
  });

  it('counts work the validator failed (FAILED_VALIDATION) as a failed job', () => {
    const s = computeAvatarStats({ ...empty, tasks: [task(1), task(2, 'FAILED_VALIDATION')] });
    expect(s).toMatchObject({ totalJobs: 2, successfulJobs: 1, failedJobs: 1 });
  });

  it('averages valid ratings to one decimal and ignores out-of-scale ones', () => {
    const s = computeAvatarStats({
      ...empty,
      interactions: [chat(1, 5), chat(2, 4), chat(3, 4), chat(4, null), chat(5, 0), chat(6, 9)],
    });
    expect(s.averageRating).toBe(4.3);
    expect(s.ratingCount).toBe(3);
  });

  it('sums sale prices in wei exactly', () => {
    const s = computeAvatarStats({
      ...empty,
      sales: [
        { at: at(1), priceWei: ethToWei('0.1') },
        { at: at(2), priceWei: ethToWei('0.2') },
      ],
    });
    expect(s.totalEarningsWei).toBe(ethToWei('0.3'));
  });

  it('takes the median request-to-confirmation time of confirmed tasks, in seconds', () => {
    const s = computeAvatarStats({
      ...empty,
      tasks: [task(1, 'CONFIRMED', 2), task(2, 'CONFIRMED', 3), task(3, 'CONFIRMED', 600), task(4, 'FAILED', 1)],
    });
    expect(s.responseTime).toBe(3);
    const even = computeAvatarStats({ ...empty, tasks: [task(1, 'CONFIRMED', 2), task(2, 'CONFIRMED', 3.5)] });
    expect(even.responseTime).toBe(2.8); // (2 + 3.5) / 2 = 2.75 → one decimal
  });
});

describe('unlockAchievements', () => {
  it('unlocks nothing without facts', () => {
    expect(unlockAchievements(empty)).toEqual([]);
  });

  it('dates each achievement by the fact that unlocked it, oldest first', () => {
    const facts: AvatarFacts = {
      mintedAt: at(0),
      tasks: [task(30), task(10)],
      interactions: [chat(20), chat(5)],
      sales: [{ at: at(40), priceWei: ethToWei('0.05') }],
    };
    const list = unlockAchievements(facts);
    expect(list.map((a) => [a.id, a.unlockedDate])).toEqual([
      ['ON_CHAIN_IDENTITY', at(0).toISOString()],
      ['FIRST_CONTACT', at(5).toISOString()],
      ['FIRST_JOB', new Date(at(10).getTime() + 4000).toISOString()],
      ['FIRST_SALE', at(40).toISOString()],
    ]);
    expect(list.map((a) => a.rarity)).toEqual(['common', 'common', 'common', 'rare']);
  });

  it('TASK_RUNNER at the 10th confirmed task; failures and pending tasks do not count', () => {
    const tasks = [task(0, 'FAILED'), task(1, 'PENDING'), ...Array.from({ length: 10 }, (_, i) => task(10 + i))];
    const a = unlockAchievements({ ...empty, tasks }).find((x) => x.id === 'TASK_RUNNER');
    expect(a?.unlockedDate).toBe(new Date(at(19).getTime() + 4000).toISOString());
    expect(ids({ ...empty, tasks: tasks.slice(0, 11) })).not.toContain('TASK_RUNNER');
  });

  it('FLAWLESS_RECORD needs 10 confirmed tasks in a row (epic)', () => {
    const nine = Array.from({ length: 9 }, (_, i) => task(i));
    expect(ids({ ...empty, tasks: [...nine, task(9, 'FAILED'), task(10)] })).not.toContain('FLAWLESS_RECORD');
    expect(ids({ ...empty, tasks: [...nine, task(9, 'FAILED_VALIDATION'), task(10)] })).not.toContain(
      'FLAWLESS_RECORD',
    );
    const broken = [...nine, task(9, 'FAILED'), ...Array.from({ length: 10 }, (_, i) => task(20 + i))];
    const f = unlockAchievements({ ...empty, tasks: broken }).find((x) => x.id === 'FLAWLESS_RECORD');
    expect(f?.rarity).toBe('epic');
    expect(f?.unlockedDate).toBe(new Date(at(29).getTime() + 4000).toISOString());
  });

  it('TASK_LEGEND at 100 confirmed tasks (legendary)', () => {
    const tasks = Array.from({ length: 100 }, (_, i) => task(i));
    const l = unlockAchievements({ ...empty, tasks }).find((x) => x.id === 'TASK_LEGEND');
    expect(l?.rarity).toBe('legendary');
    expect(ids({ ...empty, tasks: tasks.slice(1) })).not.toContain('TASK_LEGEND');
  });

  it('DEDICATED_LEARNER at the 100th interaction', () => {
    const interactions = Array.from({ length: 100 }, (_, i) => chat(100 - i));
    const d = unlockAchievements({ ...empty, interactions }).find((x) => x.id === 'DEDICATED_LEARNER');
    expect(d?.unlockedDate).toBe(at(100).toISOString());
    expect(ids({ ...empty, interactions: interactions.slice(1) })).not.toContain('DEDICATED_LEARNER');
  });

  it('TOP_RATED when the running mean of at least 5 ratings reaches 4.5', () => {
    // ratings 5,5,5,5,3 → 4.6 at the 5th
    const good = [5, 5, 5, 5, 3].map((r, i) => chat(i, r));
    expect(unlockAchievements({ ...empty, interactions: good }).find((x) => x.id === 'TOP_RATED')?.unlockedDate).toBe(
      at(4).toISOString(),
    );
    // 5,5,5,5,1 → 4.2; then 5 → 4.33; then 5,5 → 4.5 at the 8th rating
    const late = [5, 5, 5, 5, 1, 5, 5, 5].map((r, i) => chat(i, r));
    expect(unlockAchievements({ ...empty, interactions: late }).find((x) => x.id === 'TOP_RATED')?.unlockedDate).toBe(
      at(7).toISOString(),
    );
    expect(ids({ ...empty, interactions: [5, 5, 5, 5].map((r, i) => chat(i, r)) })).not.toContain('TOP_RATED');
  });

  it('MARKET_MOVER at 10 sales and WHALE_TRADER when sales reach 1 ETH', () => {
    const sales = Array.from({ length: 10 }, (_, i) => ({ at: at(i), priceWei: ethToWei('0.1') }));
    const list = unlockAchievements({ ...empty, sales });
    expect(list.find((x) => x.id === 'MARKET_MOVER')?.unlockedDate).toBe(at(9).toISOString());
    expect(list.find((x) => x.id === 'WHALE_TRADER')?.unlockedDate).toBe(at(9).toISOString());
    expect(list.find((x) => x.id === 'WHALE_TRADER')?.rarity).toBe('legendary');
    expect(ids({ ...empty, sales: sales.slice(1) })).not.toContain('WHALE_TRADER');
    expect(ids({ ...empty, sales: [{ at: at(0), priceWei: ethToWei('1') }] })).toContain('WHALE_TRADER');
  });

  it('NEURAL_ASCENSION when recorded XP (confirmed tasks + training) reaches 10,000', () => {
    const facts: AvatarFacts = {
      ...empty,
      tasks: [task(0, 'CONFIRMED', 0, 6000), task(1, 'FAILED', 0, 9000)],
      interactions: [chat(2, null, 3999), chat(3, null, 1)],
    };
    expect(unlockAchievements(facts).find((x) => x.id === 'NEURAL_ASCENSION')?.unlockedDate).toBe(at(3).toISOString());
    expect(ids({ ...facts, interactions: facts.interactions.slice(0, 1) })).not.toContain('NEURAL_ASCENSION');
  });

  it('every rule has a unique id and a SPEC §4 rarity', () => {
    expect(new Set(ACHIEVEMENT_RULES.map((r) => r.id)).size).toBe(ACHIEVEMENT_RULES.length);
    for (const r of ACHIEVEMENT_RULES) expect(['common', 'rare', 'epic', 'legendary']).toContain(r.rarity);
  });
});
