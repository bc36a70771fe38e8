/**
 * The listing's owner-figures cache (owner-stats-cache.ts): TTL, LRU bound, and the behaviour
 * through the API — the listing may show an owner's figures up to 30 s old, the detail is fresh.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { avatars, onChainTasks, users } from '../../src/db/schema';
import { createOwnerStatsCache } from '../../src/modules/marketplace/owner-stats-cache';
import { createTestApp, type TestApp } from '../helpers/app';

const counts = (n: number) => ({ skillSales: n, editionSales: 0, confirmedTasks: 0, failedTasks: 0 });

describe('owner stats cache', () => {
  it('returns fresh entries only, until the TTL', () => {
    let now = 1000;
    const cache = createOwnerStatsCache({ ttlMs: 100, now: () => now });
    cache.set(new Map([['a', counts(1)]]));
    expect(cache.get(['a', 'b'])).toEqual(new Map([['a', counts(1)]]));
    now += 99;
    expect(cache.get(['a']).size).toBe(1);
    now += 1;
    expect(cache.get(['a']).size).toBe(0);
  });

  it('keeps at most `max` owners, evicting the least recently used', () => {
    const cache = createOwnerStatsCache({ max: 2 });
    cache.set(
      new Map([
        ['a', counts(1)],
        ['b', counts(2)],
      ]),
    );
    cache.get(['a']); // a is now the most recent
    cache.set(new Map([['c', counts(3)]]));
    expect([...cache.get(['a', 'b', 'c']).keys()].sort()).toEqual(['a', 'c']);
  });
});

describe('owner figures through the API', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('the listing reuses an owner’s figures briefly; the detail page computes them fresh', async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [u] = await db.insert(users).values({ email: 'c@x.io', firstName: 'Cy' }).returning();
    const [a] = await db.insert(avatars).values({ ownerId: u!.id, name: 'CACHED', priceEth: '0.1' }).returning();
    const listing = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/marketplace/avatars' })).json()[0].owner.successRate;
    expect(await listing()).toBeNull();

    await db.insert(onChainTasks).values({
      avatarId: a!.id,
      taskId: 'k1',
      taskType: 'skill_learn',
      agentType: 'CREATOR',
      taskDescription: 'x',
      status: 'CONFIRMED',
    });
    expect(await listing()).toBeNull(); // cached (≤ 30 s)
    const detail = await t.app.inject({ method: 'GET', url: `/api/avatar-details/${a!.id}` });
    expect(detail.json().owner.successRate).toBe(100);
  });
});
