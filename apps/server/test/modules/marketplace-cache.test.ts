/**
 * The listing's caches: the owner-figures cache (owner-stats-cache.ts) and the response cache
 * (listing-cache.ts) — TTL, bounds, and through the API: a change written by another process (or
 * straight into the tables) shows on the next listing, because the `market_changed` triggers
 * (migration 0005) empty both caches in every process.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { avatars, onChainTasks, users } from '../../src/db/schema';
import { createListingCache } from '../../src/modules/marketplace/listing-cache';
import { createOwnerStatsCache } from '../../src/modules/marketplace/owner-stats-cache';
import { createTestApp, type TestApp, usePostgres } from '../helpers/app';

const counts = (n: number) => ({ skillSales: n, editionSales: 0, confirmedTasks: 0, failedTasks: 0 });
const page = (s: string) => ({ body: Buffer.from(s), nextCursor: null });

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

  it('clear drops every owner', () => {
    const cache = createOwnerStatsCache();
    cache.set(new Map([['a', counts(1)]]));
    cache.clear();
    expect(cache.get(['a']).size).toBe(0);
  });
});

describe('listing response cache', () => {
  it('serves a page until the TTL, keeps at most `max`', () => {
    let now = 0;
    const cache = createListingCache({ ttlMs: 100, max: 2, now: () => now });
    cache.set('a', page('A'), cache.generation);
    now = 99;
    expect(cache.get('a')?.body.toString()).toBe('A');
    now = 100;
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', page('A'), 0);
    cache.set('b', page('B'), 0);
    cache.set('c', page('C'), 0);
    expect([cache.get('a'), cache.get('b')?.body.toString(), cache.get('c')?.body.toString()]).toEqual([
      undefined,
      'B',
      'C',
    ]);
  });

  it('a clear drops every page and refuses pages read before it', () => {
    const cache = createListingCache();
    const before = cache.generation;
    cache.set('a', page('A'), before);
    cache.clear();
    expect(cache.size).toBe(0);
    cache.set('b', page('B'), before); // read before the change: not kept
    expect(cache.get('b')).toBeUndefined();
    cache.set('b', page('B'), cache.generation);
    expect(cache.get('b')?.body.toString()).toBe('B');
  });
});

describe('listing caches through the API', () => {
  let t: TestApp;
  let u: TestApp | undefined;
  afterEach(async () => {
    await u?.close();
    u = undefined;
    await t?.close();
  });

  const listing = async (app: TestApp) =>
    (await app.app.inject({ method: 'GET', url: '/api/marketplace/avatars' })).json();

  it('owner figures on cards follow a task recorded straight into the table; the detail agrees', async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [owner] = await db.insert(users).values({ email: 'c@x.io', firstName: 'Cy' }).returning();
    const [a] = await db.insert(avatars).values({ ownerId: owner!.id, name: 'CACHED', priceEth: '0.1' }).returning();
    expect((await listing(t))[0].owner.successRate).toBeNull();

    await db.insert(onChainTasks).values({
      avatarId: a!.id,
      taskId: 'k1',
      taskType: 'skill_learn',
      agentType: 'CREATOR',
      taskDescription: 'x',
      status: 'CONFIRMED',
    });
    await vi.waitFor(async () => expect((await listing(t))[0].owner.successRate).toBe(100));
    const detail = await t.app.inject({ method: 'GET', url: `/api/avatar-details/${a!.id}` });
    expect(detail.json().owner.successRate).toBe(100);
  });

  it('two server processes on one database: a write through one empties the other’s cached pages', async () => {
    t = await createTestApp();
    // The second "process": its own app and, on PostgreSQL, its own connections to the same database.
    const second = usePostgres ? await openDatabase({ url: (t.database as { url?: string }).url! }) : t.database;
    u = await createTestApp({}, { database: usePostgres ? second : { ...t.database, close: async () => {} } });
    const db = t.database.db;
    const [owner] = await db.insert(users).values({ email: 'd@x.io', firstName: 'Di' }).returning();
    const [a] = await db.insert(avatars).values({ ownerId: owner!.id, name: 'BEFORE', priceEth: '0.1' }).returning();
    await vi.waitFor(async () => expect((await listing(u!))[0]?.name).toBe('BEFORE'));
    // Served from the second app's cache now; a rename written through the first database handle…
    expect((await listing(u)).map((x: { name: string }) => x.name)).toEqual(['BEFORE']);
    await db.update(avatars).set({ name: 'AFTER' }).where(eq(avatars.id, a!.id));
    // …shows on the second app's next listings (NOTIFY market_changed at commit; the next test
    // shows the notification itself, independent of the cache's 2 s TTL).
    await vi.waitFor(async () => expect((await listing(u!))[0].name).toBe('AFTER'), { timeout: 10_000 });
  });

  it('the triggers notify market_changed for writes straight into the tables', async () => {
    t = await createTestApp();
    const db = t.database.db;
    let heard = 0;
    const off = await t.database.listen!('market_changed', () => heard++);
    const [owner] = await db.insert(users).values({ email: 'e@x.io' }).returning();
    await vi.waitFor(() => expect(heard).toBeGreaterThan(0), { timeout: 10_000 });
    const after = heard;
    await db.insert(avatars).values({ ownerId: owner!.id, name: 'N', priceEth: '0.1' });
    await vi.waitFor(() => expect(heard).toBeGreaterThan(after), { timeout: 10_000 });
    await off();
  });
});
