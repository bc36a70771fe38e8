/**
 * SQL of the marketplace listing: every filter, search and sort runs in
 * the database with keyset pagination (no OFFSET); a page's skills come from the avatar row's read
 * model (`skills_card`) and its owners by primary key after the LIMIT. Rules (formulas, JSON shapes)
 * live in marketplace-service.ts.
 *
 * Index use (migrations 0002_marketplace_indexes, 0014_market_search_text):
 * - the base predicate repeats {@link MARKET_LISTED} verbatim, so the partial indexes apply;
 * - each sort orders by a column list that one composite index covers, ending in `id`, and the
 *   cursor is a row comparison `(k1, …, id) < (…)` — a range scan of that index;
 * - `q` is `name ILIKE '%q%' OR description ILIKE '%q%'`, read as `search_text LIKE lower('%q%')`:
 *   in the featured sort a bounded index-only walk first ({@link searchWalkQuery}), else the
 *   trigram index ({@link listingPageQuery}).
 */

import type { MarketplaceCategory, MarketplaceSort } from '@app/domain/marketplace';
import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { avatars, MARKET_LISTED, type MarketSkillCard, SEARCH_TEXT_SEPARATOR, users } from '../../db/schema';
import type { SortKey } from './marketplace-cursor';
import { createdAtKey, ownerColumns } from './marketplace-repository';

/** One key column of a sort and the SQL type its cursor value is cast to. */
interface KeyColumn {
  column: AnyPgColumn;
  cast: 'boolean' | 'timestamptz' | 'numeric' | 'integer';
}

/**
 * ORDER BY of each sort (SPEC §9): all columns share one direction, so the keyset condition is a
 * single row comparison and one index serves it (scanned backwards for `desc`).
 * - featured: featured first, then newest (created_at), then id
 * - price_low / price_high: price_eth ascending / descending, then id
 * - level: level, then experience_points (ties within a level), then id — descending
 * - experience: experience_points, then id — descending
 */
const SORTS: Record<MarketplaceSort, { dir: 'asc' | 'desc'; keys: KeyColumn[] }> = {
  featured: {
    dir: 'desc',
    keys: [
      { column: avatars.featured, cast: 'boolean' },
      { column: avatars.createdAt, cast: 'timestamptz' },
      { column: avatars.id, cast: 'integer' },
    ],
  },
  price_low: {
    dir: 'asc',
    keys: [
      { column: avatars.priceEth, cast: 'numeric' },
      { column: avatars.id, cast: 'integer' },
    ],
  },
  price_high: {
    dir: 'desc',
    keys: [
      { column: avatars.priceEth, cast: 'numeric' },
      { column: avatars.id, cast: 'integer' },
    ],
  },
  level: {
    dir: 'desc',
    keys: [
      { column: avatars.level, cast: 'integer' },
      { column: avatars.experiencePoints, cast: 'integer' },
      { column: avatars.id, cast: 'integer' },
    ],
  },
  experience: {
    dir: 'desc',
    keys: [
      { column: avatars.experiencePoints, cast: 'integer' },
      { column: avatars.id, cast: 'integer' },
    ],
  },
};

/** Escapes LIKE wildcards so the search text matches literally (backslash is PostgreSQL's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The columns of one listing row. */
const listingColumns = {
  id: avatars.id,
  name: avatars.name,
  description: avatars.description,
  thumbnailUrl: avatars.thumbnailUrl,
  edition: avatars.edition,
  maxEditions: avatars.maxEditions,
  level: avatars.level,
  experiencePoints: avatars.experiencePoints,
  totalInteractions: avatars.totalInteractions,
  featured: avatars.featured,
  priceEth: avatars.priceEth,
  verificationStatus: avatars.verificationStatus,
  category: avatars.category,
  agentType: avatars.agentType,
  createdAtKey,
  ownerId: avatars.ownerId,
};

/** A skill of a listed avatar as the listing reads it: `avatars.skills_card` (the read model). */
export type ListingSkillJson = MarketSkillCard;

export interface ListingRow {
  id: number;
  name: string;
  description: string | null;
  thumbnailUrl: string | null;
  edition: number;
  maxEditions: number;
  level: number;
  experiencePoints: number;
  totalInteractions: number;
  featured: boolean;
  /** decimal(18,8) string; never null here (the listing shows priced avatars only). */
  priceEth: string | null;
  verificationStatus: string;
  category: string;
  agentType: string;
  createdAtKey: string;
  owner: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
    createdAt: Date;
  };
  skills: ListingSkillJson[];
}

/** The sort key of a row, for its cursor. */
export function sortKeyOf(sort: MarketplaceSort, row: ListingRow): SortKey {
  switch (sort) {
    case 'featured':
      return [row.featured, row.createdAtKey, row.id];
    case 'price_low':
    case 'price_high':
      return [row.priceEth ?? '0', row.id];
    case 'level':
      return [row.level, row.experiencePoints, row.id];
    case 'experience':
      return [row.experiencePoints, row.id];
  }
}

/**
 * One page of listed avatars with their owners, `limit + 1` rows (the extra one tells whether a
 * next page exists). Runs {@link listingPageQueries} in order and keeps the first answer that fills
 * the page (or the last one's).
 * @param after the previous page's last key (decoded cursor), or undefined for the first page
 */
export async function selectListingPage(db: Db, opts: ListingPageOptions): Promise<ListingRow[]> {
  const queries = listingPageQueries(db, opts);
  let page: Awaited<(typeof queries)[number]> = [];
  for (const [i, query] of queries.entries()) {
    page = await query;
    if (page.length > opts.limit || i === queries.length - 1) break;
  }
  if (!page.length) return [];
  // Owners by primary key after the LIMIT: one index probe per owner on the page,
  // never a join over the whole users table.
  const ownerIds = [...new Set(page.map((r) => r.ownerId))];
  const owners = await db.select(ownerColumns).from(users).where(inArray(users.id, ownerIds));
  const byId = new Map(owners.map((o) => [o.id, o]));
  return page.flatMap(({ ownerId, ...row }) => {
    const owner = byId.get(ownerId);
    return owner ? [{ ...row, owner }] : [];
  });
}

/** What one listing page asks for. */
export interface ListingPageOptions {
  q?: string;
  category: MarketplaceCategory;
  sort: MarketplaceSort;
  limit: number;
  after?: SortKey;
}

/**
 * How many entries of the featured index a search page walks before it asks the trigram index
 * instead. The walk reads the index alone (it INCLUDEs search_text, category and
 * skill_categories) at ~0.2 µs an entry, so it wins whenever matches are at least ~1 in 800 rows;
 * rarer matches are few, which is when the trigram index is cheap.
 */
export const SEARCH_WALK_ROWS = 20_000;

/**
 * The queries of {@link selectListingPage}, in the order it tries them, not yet run (each awaitable;
 * `.toSQL()` gives its text and parameters — bench/marketplace.bench.ts `--explain` times and prints
 * them the same way). A search in the featured sort first walks that sort's index for the first
 * {@link SEARCH_WALK_ROWS} entries ({@link searchWalkQuery}); when that does not fill the page, the
 * full query ({@link listingPageQuery}: trigram index, then a top-N sort) answers. Both are exact.
 */
export function listingPageQueries(db: Db, opts: ListingPageOptions) {
  const full = listingPageQuery(db, opts);
  if (!opts.q || opts.sort !== 'featured' || opts.q.includes(SEARCH_TEXT_SEPARATOR)) return [full];
  return [searchWalkQuery(db, { ...opts, q: opts.q }), full];
}

/**
 * `name ILIKE '%q%' OR description ILIKE '%q%'` (SPEC §9 search), as the trigram-indexed
 * `search_text LIKE lower('%q%')` (the same rows: PostgreSQL's ILIKE lowercases both sides, and
 * search_text is both fields lowercased, joined by U+001F) — or the ILIKE itself for a q containing
 * U+001F, which could otherwise match across the two fields.
 */
function searchMatches(q: string, searchText: SQL | AnyPgColumn = sql`${avatars.searchText}`): SQL {
  const pattern = `%${escapeLike(q)}%`;
  if (q.includes(SEARCH_TEXT_SEPARATOR)) {
    return sql`(${avatars.name} ilike ${pattern} or ${avatars.description} ilike ${pattern})`;
  }
  return sql`${searchText} like lower(${pattern})`;
}

/**
 * SPEC §9 category: the avatar's own discipline or one of its skills' (see @app/domain/marketplace),
 * read from the avatar row itself (skill_categories, kept by the database: migration 0007), so a
 * sort index walk filters rows without a subquery.
 */
function categoryMatches(category: MarketplaceCategory, cols: { category: unknown; skillCategories: unknown }): SQL {
  return sql`(${cols.category} = ${category} or ${cols.skillCategories} @> array[${category}]::text[])`;
}

/** The keyset condition: rows after the previous page's last key in `sort`'s order. */
function afterKey(sort: MarketplaceSort, after: SortKey): SQL {
  const spec = SORTS[sort];
  const cols = sql.join(
    spec.keys.map((k) => sql`${k.column}`),
    sql`, `,
  );
  const vals = sql.join(
    spec.keys.map((k, i) => sql`cast(${after[i]} as ${sql.raw(k.cast)})`),
    sql`, `,
  );
  return spec.dir === 'asc' ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`;
}

/** ORDER BY of `sort` over the avatars table. */
function orderOf(sort: MarketplaceSort) {
  const spec = SORTS[sort];
  return spec.keys.map((k) => (spec.dir === 'asc' ? asc(k.column) : desc(k.column)));
}

/**
 * The full query of a listing page: filters, keyset cursor, ORDER BY, LIMIT. With a search, the
 * trigram index finds the matching rows and a top-N sort orders them.
 */
export function listingPageQuery(db: Db, opts: ListingPageOptions) {
  const where: SQL[] = [MARKET_LISTED];
  if (opts.q) where.push(searchMatches(opts.q));
  if (opts.category !== 'all') where.push(categoryMatches(opts.category, avatars));
  if (opts.after) where.push(afterKey(opts.sort, opts.after));
  return db
    .select({ ...listingColumns, skills: avatars.skillsCard })
    .from(avatars)
    .where(and(...where))
    .orderBy(...orderOf(opts.sort))
    .limit(opts.limit + 1);
}

/**
 * A featured-sort search page from a bounded walk of `avatars_market_featured_idx` (index-only:
 * it INCLUDEs search_text, category and skill_categories, migration 0014): the first
 * {@link SEARCH_WALK_ROWS} listed entries after the cursor, filtered, first `limit + 1` matches,
 * then those rows by primary key. Returns fewer than `limit + 1` rows when the walk ends first —
 * {@link selectListingPage} then asks {@link listingPageQuery}.
 */
export function searchWalkQuery(db: Db, opts: ListingPageOptions & { q: string }) {
  const walk = db
    .select({
      id: avatars.id,
      featured: avatars.featured,
      createdAt: avatars.createdAt,
      searchText: avatars.searchText,
      category: avatars.category,
      skillCategories: avatars.skillCategories,
    })
    .from(avatars)
    .where(and(MARKET_LISTED, opts.after ? afterKey('featured', opts.after) : undefined))
    .orderBy(...orderOf('featured'))
    .limit(SEARCH_WALK_ROWS)
    .as('walk');
  const matches = db
    .select({ id: walk.id })
    .from(walk)
    .where(
      and(
        searchMatches(opts.q, walk.searchText),
        opts.category === 'all' ? undefined : categoryMatches(opts.category, walk),
      ),
    )
    .orderBy(desc(walk.featured), desc(walk.createdAt), desc(walk.id))
    .limit(opts.limit + 1);
  return db
    .select({ ...listingColumns, skills: avatars.skillsCard })
    .from(avatars)
    .where(inArray(avatars.id, matches))
    .orderBy(...orderOf('featured'))
    .limit(opts.limit + 1);
}
