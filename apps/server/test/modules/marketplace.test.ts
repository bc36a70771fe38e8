/**
 * GET /api/marketplace/avatars: filtering, search and every sort in SQL,
 * limits and bad cursors, prices (cursors under inserts, skills and owner figures: marketplace-cursors.test.ts).
 * Runs on PGlite and, with TEST_DB_DRIVER=postgres, on PostgreSQL.
 */
import { MARKETPLACE_DEFAULT_LIMIT } from '@app/domain/marketplace';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarSkills, avatars } from '../../src/db/schema';
import {
  type ListingPageOptions,
  listingPageQueries,
  selectListingPage,
} from '../../src/modules/marketplace/listing-repository';
import { encodeCursor } from '../../src/modules/marketplace/marketplace-cursor';
import { createTestApp, type TestApp } from '../helpers/app';

import {
  type AvatarInsert,
  expectedOrder,
  insertAvatars,
  minutes,
  page,
  seedBasics,
  walk,
} from '../helpers/marketplace';

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
