/**
 * GET /api/marketplace/avatars: keyset cursors stay stable under inserts; skills and owner figures.
 * Runs on PGlite and, with TEST_DB_DRIVER=postgres, on PostgreSQL.
 */
import type { MarketplaceAvatar } from '@app/domain/marketplace';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  avatarEditions,
  avatarSkills,
  avatars,
  onChainTasks,
  skillListings,
  skillTransactions,
} from '../../src/db/schema';
import {
  type ListingPageOptions,
  listingPageQueries,
  SEARCH_WALK_ROWS,
  selectListingPage,
} from '../../src/modules/marketplace/listing-repository';
import { createTestApp, type TestApp } from '../helpers/app';

import { expectedOrder, insertAvatars, minutes, page, seedBasics } from '../helpers/marketplace';

describe('marketplace listing: cursors are stable under inserts', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  for (const sort of ['featured', 'price_low', 'level'] as const) {
    it(`${sort}: rows inserted before and after the cursor cause no duplicates or gaps`, async () => {
      t = await createTestApp();
      const db = t.database.db;
      const { alice } = await seedBasics(db);
      const original = await insertAvatars(
        db,
        alice.id,
        Array.from({ length: 12 }, (_, i) => ({
          name: `ORIG_${i}`,
          priceEth: (0.1 + (i % 6) / 100).toFixed(2),
          level: 2 + (i % 3),
          experiencePoints: 5000 + i,
          featured: i % 4 === 0,
          createdAt: minutes(i),
        })),
      );
      const expected = expectedOrder(original, sort);
      const first = await page(t, `?sort=${sort}&limit=5`);
      expect(first.body.map((a) => a.id)).toEqual(expected.slice(0, 5));

      // New rows that sort before the cursor (would shift an OFFSET) and after it.
      await insertAvatars(db, alice.id, [
        {
          name: 'NEW_TOP',
          priceEth: '0.01',
          level: 9,
          experiencePoints: 99_999,
          featured: true,
          createdAt: minutes(999),
        },
        {
          name: 'NEW_TOP2',
          priceEth: '0.02',
          level: 9,
          experiencePoints: 99_998,
          featured: true,
          createdAt: minutes(998),
        },
        { name: 'NEW_END', priceEth: '9', level: 1, experiencePoints: 0, featured: false, createdAt: minutes(-999) },
      ]);
      // And one original row before the cursor leaves the listing.
      await db.update(avatars).set({ priceEth: null }).where(eq(avatars.id, expected[0]!));

      const rest: number[] = [];
      let cursor = first.next;
      while (cursor) {
        const p = await page(t, `?sort=${sort}&limit=5&cursor=${cursor}`);
        rest.push(...p.body.map((a) => a.id));
        cursor = p.next;
      }
      const originalIds = new Set(original.map((r) => r.id));
      // Every original row after page 1, once, in order; the later insert shows up at the end.
      expect(rest.filter((id) => originalIds.has(id))).toEqual(expected.slice(5));
      expect(new Set(rest).size).toBe(rest.length);
      expect(rest.filter((id) => !originalIds.has(id))).toHaveLength(1);
    });
  }
});

describe('marketplace listing: skills and owner figures', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('prices each skill by its cheapest active listing, else its base price, in ETH and USD', async () => {
    t = await createTestApp({ ETH_USD_RATE: '2000' });
    const db = t.database.db;
    const { alice, skill } = await seedBasics(db);
    const [a] = await insertAvatars(db, alice.id, [{ name: 'SKILLED' }]);
    await db.insert(avatarSkills).values([
      { avatarId: a!.id, skillId: skill.Solidity!, proficiency: 80, acquiredAt: minutes(1) },
      { avatarId: a!.id, skillId: skill.Pentest!, proficiency: 60, acquiredAt: minutes(2) },
      { avatarId: a!.id, skillId: skill.Painting!, proficiency: 60, acquiredAt: minutes(3) },
      { avatarId: a!.id, skillId: skill.Trading!, proficiency: 10, acquiredAt: minutes(4) },
    ]);
    const listing = (skillId: number, price: string, extra: Partial<typeof skillListings.$inferInsert> = {}) => ({
      sellerId: alice.id,
      avatarId: a!.id,
      skillId,
      price,
      proficiencyLevel: 50,
      ...extra,
    });
    const [, cheap] = await db
      .insert(skillListings)
      .values([
        listing(skill.Solidity!, '0.06'),
        listing(skill.Solidity!, '0.03'),
        listing(skill.Solidity!, '0.01', { isActive: false }),
        listing(skill.Solidity!, '0.02', { expiresAt: minutes(-10) }),
        listing(skill.Pentest!, '0.5', { expiresAt: new Date(Date.now() + 3_600_000) }),
      ])
      .returning();

    const { body, res } = await page(t);
    expect(res.headers['x-eth-usd-rate']).toBe('2000.00000000');
    const skillsOut = body[0]!.skills;
    // Highest proficiency first, ties by name.
    expect(skillsOut.map((s) => s.name)).toEqual(['Solidity', 'Painting', 'Pentest', 'Trading']);
    expect(skillsOut[0]).toEqual({
      id: skill.Solidity,
      name: 'Solidity',
      category: 'technical',
      proficiency: 80,
      description: 'Contracts.',
      priceEth: '0.03',
      priceUsd: '60.00',
      acquisitionDate: minutes(1).toISOString(),
      listingId: cheap!.id,
    });
    expect(skillsOut[1]).toMatchObject({ name: 'Painting', priceEth: '0.04', priceUsd: '80.00', listingId: null });
    expect(skillsOut[2]).toMatchObject({ name: 'Pentest', priceEth: '0.5', priceUsd: '1000.00' });
    expect(skillsOut[3]).toMatchObject({ name: 'Trading', priceEth: null, priceUsd: null, listingId: null });
    expect(body[0]).toMatchObject({ priceEth: '0.1', priceUsd: '200.00' });
  });

  it('computes owner total sales and success rate from recorded sales and tasks', async () => {
    t = await createTestApp();
    const db = t.database.db;
    const { alice, bob, skill } = await seedBasics(db);
    const [a1, a2] = await insertAvatars(db, alice.id, [{ name: 'A1' }, { name: 'A2', priceEth: null }]);
    const [b1] = await insertAvatars(db, bob.id, [{ name: 'B1' }]);
    const [l] = await db
      .insert(skillListings)
      .values({ sellerId: alice.id, avatarId: a1!.id, skillId: skill.Solidity!, price: '0.05', proficiencyLevel: 50 })
      .returning();
    const tx = (hash: string, status: string) => ({
      buyerId: bob.id,
      sellerId: alice.id,
      listingId: l!.id,
      avatarId: b1!.id,
      skillId: skill.Solidity!,
      price: '0.05',
      transactionHash: hash,
      status,
    });
    await db
      .insert(skillTransactions)
      .values([tx('0x01', 'completed'), tx('0x02', 'completed'), tx('0x03', 'pending')]);
    const edition = (n: number, source: string) => ({
      avatarId: a2!.id,
      tokenId: 100 + n,
      edition: n,
      holderAddress: '0xabc',
      source,
      priceWei: '10000000000000000',
      transactionHash: `0xe${n}`,
    });
    await db.insert(avatarEditions).values([edition(1, 'custody'), edition(2, 'marketplace'), edition(3, 'card')]);
    const task = (id: string, avatarId: number, status: string) => ({
      avatarId,
      taskId: id,
      taskType: 'skill_learn',
      agentType: 'HACKER',
      taskDescription: 'x',
      status,
    });
    await db
      .insert(onChainTasks)
      .values([
        task('t1', a1!.id, 'CONFIRMED'),
        task('t2', a2!.id, 'CONFIRMED'),
        task('t3', a1!.id, 'FAILED'),
        task('t4', a1!.id, 'PENDING'),
      ]);

    const { body } = await page(t, '?sort=price_low');
    const byName = Object.fromEntries(body.map((x) => [x.name, x])) as Record<string, MarketplaceAvatar>;
    // 2 completed skill sales + 2 sold editions (custody mints are not sales); 2 of 3 finished tasks.
    expect(byName.A1!.owner).toEqual({
      firstName: 'Alice',
      lastName: 'Ng',
      profileImageUrl: null,
      joinedDate: minutes(-1000).toISOString(),
      totalSales: 4,
      successRate: 66.7,
    });
    expect(byName.B1!.owner).toMatchObject({ firstName: 'Bob', lastName: null, totalSales: 0, successRate: null });
  });

  it('reads the verification badge state from the avatar (minted on chain = verified)', async () => {
    t = await createTestApp();
    const db = t.database.db;
    const { alice } = await seedBasics(db);
    await insertAvatars(db, alice.id, [
      { name: 'MINTED', verificationStatus: 'verified', createdAt: minutes(2) },
      { name: 'FRESH', createdAt: minutes(1) },
    ]);
    const { body } = await page(t);
    expect(body.map((a) => [a.name, a.verificationStatus])).toEqual([
      ['MINTED', 'verified'],
      ['FRESH', 'pending'],
    ]);
  });

  it('answers an empty list (no cursor) when nothing is listed', async () => {
    t = await createTestApp();
    const { body, next } = await page(t);
    expect(body).toEqual([]);
    expect(next).toBeNull();
  });

  it('uses the marketplace indexes for every sort and for search (query plans, 20,100 avatars)', {
    timeout: 180_000,
  }, async () => {
    t = await createTestApp();
    const db = t.database.db;
    const { alice } = await seedBasics(db);
    await db.execute(sql`insert into avatars (owner_id, name, description, price_eth, level, experience_points, featured)
      select ${alice.id}, 'BULK_' || g, 'Avatar number ' || g || ' of the bulk catalogue', (g % 500) / 100.0 + 0.01,
             1 + g % 7, g % 9000, g % 10 = 0
      from generate_series(1, ${SEARCH_WALK_ROWS + 100}) g`);
    await db.execute(sql`vacuum analyze avatars`);
    const plan = async (q: ReturnType<typeof sql>) => {
      const res = (await db.execute(sql`explain ${q}`)) as unknown as { rows?: Record<string, string>[] };
      return (res.rows ?? (res as unknown as Record<string, string>[])).map((r) => Object.values(r)[0]).join('\n');
    };
    const listed = sql`is_active and price_eth is not null`;
    const cases: [ReturnType<typeof sql>, string][] = [
      [
        sql`select id from avatars where ${listed} and (featured, created_at, id) < (true, now(), 500) order by featured desc, created_at desc, id desc limit 25`,
        'avatars_market_featured_idx',
      ],
      [
        sql`select id from avatars where ${listed} and (price_eth, id) > (1.5, 500) order by price_eth, id limit 25`,
        'avatars_market_price_idx',
      ],
      [
        sql`select id from avatars where ${listed} and (level, experience_points, id) < (5, 100, 500) order by level desc, experience_points desc, id desc limit 25`,
        'avatars_market_level_idx',
      ],
      [
        sql`select id from avatars where ${listed} and (experience_points, id) < (500, 500) order by experience_points desc, id desc limit 25`,
        'avatars_market_xp_idx',
      ],
    ];
    for (const [q, index] of cases) expect(await plan(q)).toContain(index);
    // A search: the walk reads the featured index alone; the full query, the trigram index.
    const opts: ListingPageOptions = { q: 'quixotic zebra', category: 'all', sort: 'featured', limit: 24 };
    const [walkQuery, fullQuery] = listingPageQueries(db, opts);
    expect(await plan(sql`${walkQuery}`)).toMatch(/Index Only Scan Backward using avatars_market_featured_idx/);
    expect(await plan(sql`${fullQuery}`)).toContain('avatars_market_search_trgm_idx');
    // A match past the walk's window (the oldest non-featured rows come last): the full query finds it.
    const oldestOpts = { ...opts, q: 'Avatar number 3 of' };
    const [walkOldest] = listingPageQueries(db, oldestOpts);
    expect(await walkOldest!).toEqual([]);
    expect((await selectListingPage(db, oldestOpts)).map((a) => a.name)).toEqual(['BULK_3']);
  });
});
