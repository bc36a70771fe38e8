/**
 * GET /api/marketplace/avatars: filtering, search and every sort in SQL,
 * keyset cursors (stable under inserts), limits and bad cursors, prices, skills and owner figures.
 * Runs on PGlite and, with TEST_DB_DRIVER=postgres, on PostgreSQL.
 */
import {
  MARKETPLACE_DEFAULT_LIMIT,
  type MarketplaceAvatar,
  MarketplaceAvatarListSchema,
  type MarketplaceSort,
} from '@app/domain/marketplace';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import {
  avatarEditions,
  avatarSkills,
  avatars,
  onChainTasks,
  skillListings,
  skills,
  skillTransactions,
  users,
} from '../../src/db/schema';
import {
  type ListingPageOptions,
  listingPageQueries,
  SEARCH_WALK_ROWS,
  selectListingPage,
} from '../../src/modules/marketplace/listing-repository';
import { encodeCursor } from '../../src/modules/marketplace/marketplace-cursor';
import { createTestApp, type TestApp } from '../helpers/app';

type AvatarInsert = typeof avatars.$inferInsert;

const T0 = Date.UTC(2025, 4, 1, 12, 0, 0);
/** A creation date `m` minutes after T0. */
const minutes = (m: number) => new Date(T0 + m * 60_000);

/** Inserts two owners and the four skill categories; returns their ids. */
async function seedBasics(db: Db) {
  const [alice, bob] = await db
    .insert(users)
    .values([
      { email: 'alice@x.io', firstName: 'Alice', lastName: 'Ng', status: 'active', createdAt: minutes(-1000) },
      { email: 'bob@x.io', firstName: 'Bob', lastName: null, status: 'active' },
    ])
    .returning();
  const sk = await db
    .insert(skills)
    .values([
      { name: 'Solidity', category: 'technical', description: 'Contracts.', basePrice: '0.08' },
      { name: 'Pentest', category: 'security', description: 'Finds holes.', basePrice: '0.05' },
      { name: 'Painting', category: 'creative', description: null, basePrice: '0.04' },
      { name: 'Trading', category: 'analytical', description: 'Markets.', basePrice: null },
    ])
    .returning();
  const byName = Object.fromEntries(sk.map((s) => [s.name, s.id])) as Record<string, number>;
  return { alice: alice!, bob: bob!, skill: byName };
}

/** Inserts avatars (defaults: listed, owned by `ownerId`) and returns their rows. */
async function insertAvatars(db: Db, ownerId: string, rows: Partial<AvatarInsert>[]) {
  return db
    .insert(avatars)
    .values(rows.map((r, i) => ({ ownerId, name: `AV_${i}`, priceEth: '0.1', ...r })))
    .returning();
}

/** Reads one listing page; checks the body against the SPEC §3 list schema. */
async function page(t: TestApp, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/marketplace/avatars${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = MarketplaceAvatarListSchema.parse(res.json());
  const next = res.headers['x-next-cursor'];
  return { body, next: typeof next === 'string' ? next : null, res };
}

/** Follows cursors to the end; returns every id in order and the number of pages. */
async function walk(t: TestApp, params: Record<string, string>) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const qs = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) });
    const p = await page(t, `?${qs}`);
    ids.push(...p.body.map((a) => a.id));
    cursor = p.next;
    pages++;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { ids, pages };
}

/** The expected order of a sort (SPEC §9), computed in JS from the inserted rows. */
function expectedOrder(rows: (typeof avatars.$inferSelect)[], sort: MarketplaceSort): number[] {
  const listed = rows.filter((r) => r.isActive && r.priceEth !== null);
  const num = (s: string | null) => Number(s);
  const cmp: Record<MarketplaceSort, (a: (typeof rows)[0], b: (typeof rows)[0]) => number> = {
    featured: (a, b) =>
      Number(b.featured) - Number(a.featured) || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
    price_low: (a, b) => num(a.priceEth) - num(b.priceEth) || a.id - b.id,
    price_high: (a, b) => num(b.priceEth) - num(a.priceEth) || b.id - a.id,
    level: (a, b) => b.level - a.level || b.experiencePoints - a.experiencePoints || b.id - a.id,
    experience: (a, b) => b.experiencePoints - a.experiencePoints || b.id - a.id,
  };
  return [...listed].sort(cmp[sort]).map((r) => r.id);
}

describe('marketplace listing: shape, sorts and pages', () => {
  let t: TestApp;
  let rows: (typeof avatars.$inferSelect)[];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const { alice, bob } = await seedBasics(db);
    // 30 listed avatars with deliberate ties: equal prices, levels, XP and creation times.
    const specs: Partial<AvatarInsert>[] = Array.from({ length: 30 }, (_, i) => ({
      name: `UNIT_${String(i).padStart(2, '0')}`,
      priceEth: ['0.05', '0.1', '0.15', '0.1', '1.25'][i % 5],
      level: 1 + (i % 4),
      experiencePoints: (i % 4) * 2500 + (i % 3) * 100,
      featured: i % 7 === 0,
      createdAt: minutes(i % 6), // ties on created_at → id decides
    }));
    // Not listed: no price, or inactive.
    specs.push(
      { name: 'UNPRICED', priceEth: null, featured: true },
      { name: 'RETIRED', isActive: false, featured: true },
    );
    rows = [
      ...(await insertAvatars(db, alice.id, specs.slice(0, 16))),
      ...(await insertAvatars(db, bob.id, specs.slice(16))),
    ];
  });
  afterAll(async () => t?.close());

  it('answers visitors with the first page in the SPEC §3 shape when called without parameters', async () => {
    const { body, next, res } = await page(t);
    expect(body).toHaveLength(MARKETPLACE_DEFAULT_LIMIT);
    expect(next).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(res.headers.link).toBe(`</api/marketplace/avatars?cursor=${next}>; rel="next"`);
    expect(res.headers['x-price-source']).toBe('ETH_USD_RATE');
    expect(res.headers['x-eth-usd-rate']).toBe('3000.00000000');
    const first = body[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'thumbnailUrl',
        'edition',
        'maxEditions',
        'level',
        'experiencePoints',
        'totalInteractions',
        'featured',
        'priceUsd',
        'priceEth',
        'priceWei',
        'skills',
        'owner',
        'verificationStatus',
        'category',
        'agentType',
      ].sort(),
    );
    expect(Object.keys(first.owner).sort()).toEqual(
      ['firstName', 'lastName', 'profileImageUrl', 'joinedDate', 'totalSales', 'successRate'].sort(),
    );
    // Featured first, then newest.
    expect(body.map((a) => a.id)).toEqual(expectedOrder(rows, 'featured').slice(0, MARKETPLACE_DEFAULT_LIMIT));
    expect(body.map((a) => a.name)).not.toContain('UNPRICED');
  });

  for (const sort of ['featured', 'price_low', 'price_high', 'level', 'experience'] as const) {
    it(`sorts by ${sort} in SQL and pages through every listed avatar exactly once`, async () => {
      const { ids, pages } = await walk(t, { sort, limit: '7' });
      expect(ids).toEqual(expectedOrder(rows, sort));
      expect(ids).toHaveLength(30);
      expect(pages).toBe(5); // 7 + 7 + 7 + 7 + 2
    });
  }

  it('prices in ETH (normalised), wei and USD at ETH_USD_RATE', async () => {
    const { body } = await page(t, '?sort=price_high&limit=1');
    expect(body[0]).toMatchObject({ priceEth: '1.25', priceWei: '1250000000000000000', priceUsd: '3750.00' });
  });

  it('honours limit up to 100 and refuses more (400)', async () => {
    expect((await page(t, '?limit=100')).body).toHaveLength(30);
    expect((await page(t, '?limit=1')).body).toHaveLength(1);
    for (const bad of ['101', '0', '-1', 'x', '2.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/marketplace/avatars?limit=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('refuses unknown sorts and categories (400)', async () => {
    for (const qs of ['sort=name', 'category=music', `q=${'x'.repeat(101)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/marketplace/avatars?${qs}` });
      expect(res.statusCode, qs).toBe(400);
    }
  });

  it('refuses a malformed, tampered or other-sort cursor (400 {error})', async () => {
    const { next } = await page(t, '?sort=price_low&limit=2');
    const bad = [
      'not-base64-json',
      Buffer.from('{"s":"price_low"}').toString('base64url'),
      Buffer.from('{"s":"price_low","k":["0.1"]}').toString('base64url'),
      Buffer.from('{"s":"price_low","k":["1; drop table avatars",5]}').toString('base64url'),
      Buffer.from('{"s":"price_low","k":[0.1,5]}').toString('base64url'),
      encodeCursor('featured', [true, '2025-05-01T12:00:00.000000Z', 3]),
      'a'.repeat(600),
      'abc$',
    ];
    for (const cursor of bad) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/marketplace/avatars?sort=price_low&cursor=${encodeURIComponent(cursor)}`,
      });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error).toBeTypeOf('string');
    }
    // The genuine cursor works, and not with another sort.
    expect((await page(t, `?sort=price_low&cursor=${next}`)).body.length).toBeGreaterThan(0);
    const other = await t.app.inject({ method: 'GET', url: `/api/marketplace/avatars?sort=level&cursor=${next}` });
    expect(other.statusCode).toBe(400);
  });
});

describe('marketplace listing: search and category filter', () => {
  let t: TestApp;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const { alice, skill } = await seedBasics(db);
    const rows = await insertAvatars(db, alice.id, [
      { name: 'GHOST_SHELL', description: 'Breaks into anything.', category: 'security' },
      { name: 'NEON_BARD', description: 'Sings of ghosts in the machine.', category: 'creative' },
      { name: 'DEAL_RUNNER', description: 'Closes 100% of deals.', category: 'analytical' },
      { name: 'CODE_MONK', description: null, category: 'creative' },
      { name: 'PLAIN_JANE', description: 'under_score and back\\slash', category: 'analytical' },
      { name: 'HIDDEN_GHOST', description: 'Not for sale.', category: 'security', priceEth: null },
    ]);
    ids = Object.fromEntries(rows.map((r) => [r.name, r.id]));
    // CODE_MONK is creative but has a technical skill; NEON_BARD has a security skill.
    await db.insert(avatarSkills).values([
      { avatarId: ids.CODE_MONK!, skillId: skill.Solidity!, proficiency: 70 },
      { avatarId: ids.NEON_BARD!, skillId: skill.Pentest!, proficiency: 20 },
      { avatarId: ids.NEON_BARD!, skillId: skill.Painting!, proficiency: 90 },
    ]);
  });
  afterAll(async () => t?.close());

  const names = async (qs: string) =>
    (await page(t, qs)).body
      .map((a) => a.name)
      .sort()
      .join(',');

  it('searches name and description, case-insensitively', async () => {
    expect(await names('?q=ghost')).toBe('GHOST_SHELL,NEON_BARD');
    expect(await names('?q=GHOST_SH')).toBe('GHOST_SHELL');
    expect(await names('?q=%20%20closes%20')).toBe('DEAL_RUNNER');
    expect(await names('?q=nothing-like-this')).toBe('');
  });

  it('matches LIKE wildcards literally', async () => {
    expect(await names('?q=100%25')).toBe('DEAL_RUNNER');
    expect(await names('?q=%25')).toBe('DEAL_RUNNER');
    expect(await names('?q=_')).toBe('CODE_MONK,DEAL_RUNNER,GHOST_SHELL,NEON_BARD,PLAIN_JANE');
    expect(await names('?q=sings_of')).toBe('');
    expect(await names('?q=back%5Cslash')).toBe('PLAIN_JANE');
  });

  it('filters by category: the avatar’s own or one of its skills’ (SPEC §9 options)', async () => {
    expect(await names('?category=all')).toBe('CODE_MONK,DEAL_RUNNER,GHOST_SHELL,NEON_BARD,PLAIN_JANE');
    expect(await names('?category=security')).toBe('GHOST_SHELL,NEON_BARD');
    expect(await names('?category=technical')).toBe('CODE_MONK');
    expect(await names('?category=creative')).toBe('CODE_MONK,NEON_BARD');
    expect(await names('?category=analytical')).toBe('DEAL_RUNNER,PLAIN_JANE');
  });

  it('never matches across the end of the name and the start of the description', async () => {
    // search_text joins the two with U+001F (migration 0014); a q holding it is searched field by field.
    expect(await names(`?q=${encodeURIComponent('shell\u001fbreaks')}`)).toBe('');
    expect(await names(`?q=${encodeURIComponent('shell breaks')}`)).toBe('');
    expect(await names(`?q=${encodeURIComponent('\u001f')}`)).toBe('');
    expect(await names('?q=shellbreaks')).toBe('');
  });

  it('combines search, category, sort and paging', async () => {
    const { ids: got } = await walk(t, { q: 'e', category: 'creative', sort: 'price_low', limit: '1' });
    expect(got.sort()).toEqual([ids.CODE_MONK, ids.NEON_BARD].sort());
  });
});

describe('marketplace listing: the featured-order search walk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const { alice, skill } = await seedBasics(db);
    // 90 avatars; every third is a "walker" (name or description, any case), some featured, some
    // unlisted, created one second apart so the featured order is featured, then newest, then id.
    const rows = await insertAvatars(
      db,
      alice.id,
      Array.from({ length: 90 }, (_, i) => ({
        name: i % 6 === 0 ? `WALKER_${i}` : `AV_${i}`,
        description: i % 6 === 3 ? `A Walker of the grid, number ${i}.` : `Plain number ${i}.`,
        featured: i % 5 === 0,
        priceEth: i % 11 === 0 ? null : '0.1',
        category: i % 2 ? 'creative' : 'security',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 7 === 0 ? 0 : i)),
      })),
    );
    await db.insert(avatarSkills).values({ avatarId: rows[9]!.id, skillId: skill.Solidity!, proficiency: 50 });
  });
  afterAll(async () => t?.close());

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  it('gives the full query’s page, page after page, with and without a category', async () => {
    for (const category of ['all', 'creative', 'technical'] as const) {
      let opts: ListingPageOptions = { q: 'walker', category, sort: 'featured', limit: 4 };
      let walked = 0;
      for (let pages = 0; pages < 40; pages++) {
        const [walkQuery, fullQuery] = listingPageQueries(t.database.db, opts);
        expect(fullQuery).toBeDefined();
        const [viaWalk, full] = [await walkQuery!, await fullQuery!];
        // The walk is exact whenever it fills the page; when it does not, the full query answers.
        if (viaWalk.length > opts.limit) {
          walked++;
          expect(ids(viaWalk)).toEqual(ids(full));
        }
        const got = await selectListingPage(t.database.db, opts);
        expect(ids(got)).toEqual(ids(full));
        if (full.length <= opts.limit) break;
        const last = full[opts.limit - 1]!;
        opts = { ...opts, after: [last.featured, last.createdAtKey, last.id] };
      }
      if (category === 'all') expect(walked).toBeGreaterThan(1);
    }
  });

  it('is tried only for a search in the featured sort', () => {
    const db = t.database.db;
    const base: ListingPageOptions = { category: 'all', sort: 'featured', limit: 24 };
    expect(listingPageQueries(db, base)).toHaveLength(1);
    expect(listingPageQueries(db, { ...base, q: 'walker' })).toHaveLength(2);
    expect(listingPageQueries(db, { ...base, q: 'walker', sort: 'price_low' })).toHaveLength(1);
    expect(listingPageQueries(db, { ...base, q: 'a\u001fb' })).toHaveLength(1);
  });

  it('finds over HTTP exactly the listed avatars the search names, in the featured order', async () => {
    const { ids: got } = await walk(t, { q: 'WALKER', limit: '5' });
    const expected = await t.database.db
      .select({ id: avatars.id })
      .from(avatars)
      .where(sql`is_active and price_eth is not null and (name ilike '%walker%' or description ilike '%walker%')`)
      .orderBy(sql`featured desc, created_at desc, id desc`);
    expect(got).toEqual(ids(expected));
    expect(got.length).toBeGreaterThan(10);
  });
});

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
