/**
 * The marketplace listing (SPEC §3 Marketplace avatar, §7 GET /api/marketplace/avatars):
 * one page of listed avatars — active, with a price — filtered, searched and sorted in
 * SQL, with their skills (priced by their cheapest active listing, else the skill's base price) and
 * their owners' figures, computed from recorded sales and verified tasks.
 * Prices: ETH as stored (decimal(18,8)) and in wei; USD derived at the price service's rate.
 */
import {
  type MarketplaceAvatar,
  MarketplaceAvatarListSchema,
  type MarketplaceOwner,
  type MarketplaceQuery,
  type MarketplaceSkill,
  successRatePercent,
} from '@app/domain/marketplace';
import { ethToUsd, ethToWei, normalizeEth } from '@app/domain/pricing';
import type { Db } from '../../db/client';
import type { CachedListing, ListingCache } from './listing-cache';
import { type ListingRow, type ListingSkillJson, selectListingPage, sortKeyOf } from './listing-repository';
import { decodeCursor, encodeCursor } from './marketplace-cursor';
import {
  type ActiveListingRow,
  type AvatarSkillRow,
  type OwnerCounts,
  selectActiveListingsOf,
  selectOwnerCounts,
  selectSkillsOf,
} from './marketplace-repository';
import type { OwnerStatsCache } from './owner-stats-cache';
import type { PriceQuote, PriceService } from './price-service';

/** A listing page: the SPEC §3 list, the next page's cursor (null on the last page) and the rate used. */
export interface MarketplacePage {
  items: MarketplaceAvatar[];
  nextCursor: string | null;
  quote: PriceQuote;
}

/** ETH price → the three price fields (ETH normalised, wei, USD at `rate`). */
export function priceFields(priceEth: string, rate: bigint) {
  const wei = ethToWei(priceEth);
  return { priceEth: normalizeEth(priceEth), priceWei: wei.toString(), priceUsd: ethToUsd(wei, rate) };
}

/**
 * A skill of an avatar (SPEC §3 skills[]): priced by the avatar's cheapest active listing of it,
 * else the skill's base price, else unpriced (null).
 */
export function toMarketplaceSkill(
  row: AvatarSkillRow,
  listing: ActiveListingRow | undefined,
  rate: bigint,
): MarketplaceSkill {
  const price = listing?.price ?? row.basePrice;
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    proficiency: row.proficiency,
    description: row.description,
    priceEth: price === null ? null : normalizeEth(price),
    priceUsd: price === null ? null : ethToUsd(price, rate),
    acquisitionDate: row.acquiredAt.toISOString(),
    listingId: listing?.id ?? null,
  };
}

/**
 * The owner block (SPEC §3 owner): totalSales = completed skill sales as seller + sold editions of
 * their avatars; successRate = CONFIRMED / (CONFIRMED + FAILED) tasks of their avatars, percent with
 * one decimal, null before any task finished.
 */
export function toOwner(owner: ListingRow['owner'], counts: OwnerCounts | undefined): MarketplaceOwner {
  const c = counts ?? { skillSales: 0, editionSales: 0, confirmedTasks: 0, failedTasks: 0 };
  const finished = c.confirmedTasks + c.failedTasks;
  return {
    firstName: owner.firstName,
    lastName: owner.lastName,
    profileImageUrl: owner.profileImageUrl,
    joinedDate: owner.createdAt.toISOString(),
    totalSales: c.skillSales + c.editionSales,
    successRate: finished ? successRatePercent(c.confirmedTasks, finished) : null,
  };
}

/**
 * A skill of the card read model (`avatars.skills_card`, see the repository) in the API shape:
 * priced by its cheapest listing that has not expired at `now`, else the skill's base price.
 */
export function skillOfJson(s: ListingSkillJson, rate: bigint, now = Date.now()): MarketplaceSkill {
  const listing = s.listings.find((l) => l.expiresAt === null || Date.parse(l.expiresAt) > now);
  const price = listing?.price ?? s.basePrice;
  return {
    id: s.id,
    name: s.name,
    category: s.category,
    proficiency: s.proficiency,
    description: s.description,
    priceEth: price === null ? null : normalizeEth(price),
    priceUsd: price === null ? null : ethToUsd(price, rate),
    acquisitionDate: s.acquiredAt,
    listingId: listing?.id ?? null,
  };
}

/** Skills of each avatar with their listing prices, from two batched queries (the detail page). */
export async function loadSkills(db: Db, avatarIds: number[], rate: bigint): Promise<Map<number, MarketplaceSkill[]>> {
  const skillRows = await selectSkillsOf(db, avatarIds);
  const listings = await selectActiveListingsOf(db, avatarIds);
  // Listings come cheapest first: keep the first per (avatar, skill).
  const cheapest = new Map<string, ActiveListingRow>();
  for (const l of listings) {
    const k = `${l.avatarId}:${l.skillId}`;
    if (!cheapest.has(k)) cheapest.set(k, l);
  }
  const out = new Map<number, MarketplaceSkill[]>();
  for (const r of skillRows) {
    const list = out.get(r.avatarId) ?? [];
    list.push(toMarketplaceSkill(r, cheapest.get(`${r.avatarId}:${r.id}`), rate));
    out.set(r.avatarId, list);
  }
  return out;
}

/**
 * Owner figures of several owners: fresh ones from `cache`, the rest in one batch of queries
 * (then cached). Without a cache every owner is queried.
 */
export async function loadOwnerCounts(
  db: Db,
  ownerIds: string[],
  cache?: OwnerStatsCache,
): Promise<Map<string, OwnerCounts>> {
  const hit = cache?.get(ownerIds) ?? new Map<string, OwnerCounts>();
  const missing = ownerIds.filter((id) => !hit.has(id));
  if (!missing.length) return hit;
  const fresh = await selectOwnerCounts(db, missing);
  // Owners without any sale or task get zeros (and are cached as such).
  for (const id of missing)
    if (!fresh.has(id)) fresh.set(id, { skillSales: 0, editionSales: 0, confirmedTasks: 0, failedTasks: 0 });
  cache?.set(fresh);
  for (const [id, c] of fresh) hit.set(id, c);
  return hit;
}

/**
 * One page of the marketplace; owner figures may come from `ownerCache` (see owner-stats-cache.ts).
 * @throws HttpError 400 for a cursor that is malformed or belongs to another sort
 */
export async function listMarketplaceAvatars(
  db: Db,
  prices: PriceService,
  query: MarketplaceQuery,
  ownerCache?: OwnerStatsCache,
): Promise<MarketplacePage> {
  const after = query.cursor ? decodeCursor(query.sort, query.cursor) : undefined;
  const quote = await prices.quote();
  const rows = await selectListingPage(db, {
    q: query.q,
    category: query.category,
    sort: query.sort,
    limit: query.limit,
    after,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > query.limit && last ? encodeCursor(query.sort, sortKeyOf(query.sort, last)) : null;

  const owners = await loadOwnerCounts(db, [...new Set(page.map((r) => r.owner.id))], ownerCache);
  const items = page.map(
    (r): MarketplaceAvatar => ({
      id: r.id,
      name: r.name,
      description: r.description,
      thumbnailUrl: r.thumbnailUrl,
      edition: r.edition,
      maxEditions: r.maxEditions,
      level: r.level,
      experiencePoints: r.experiencePoints,
      totalInteractions: r.totalInteractions,
      featured: r.featured,
      ...priceFields(r.priceEth ?? '0', quote.rate),
      skills: r.skills.map((s) => skillOfJson(s, quote.rate)),
      owner: toOwner(r.owner, owners.get(r.owner.id)),
      verificationStatus: r.verificationStatus === 'verified' ? 'verified' : 'pending',
      category: r.category,
      agentType: r.agentType,
    }),
  );
  return { items, nextCursor, quote };
}

/** A listing page as the HTTP response sends it: the JSON body and the rate it was priced at. */
export interface MarketplacePageBody extends CachedListing {
  quote: PriceQuote;
}

/**
 * One page of the marketplace as response bytes (the SPEC §3 list, validated against
 * MarketplaceAvatarListSchema, as JSON). Served from `cache` when the same query at the same
 * ETH/USD rate was answered within its TTL and nothing changed since (see listing-cache.ts).
 * @throws HttpError 400 for a cursor that is malformed or belongs to another sort
 */
export async function listMarketplacePageBody(
  db: Db,
  prices: PriceService,
  query: MarketplaceQuery,
  caches: { owners?: OwnerStatsCache; pages?: ListingCache } = {},
): Promise<MarketplacePageBody> {
  const quote = await prices.quote();
  const key = JSON.stringify([
    query.q ?? '',
    query.category,
    query.sort,
    query.limit,
    query.cursor ?? '',
    quote.rate.toString(),
    quote.source,
  ]);
  const hit = caches.pages?.get(key);
  if (hit) return { ...hit, quote };
  const generation = caches.pages?.generation ?? 0;
  const page = await listMarketplaceAvatars(db, prices, query, caches.owners);
  const body = Buffer.from(JSON.stringify(MarketplaceAvatarListSchema.parse(page.items)));
  const value = { body, nextCursor: page.nextCursor };
  caches.pages?.set(key, value, generation);
  return { ...value, quote: page.quote };
}
