import type { MarketplaceAvatar, MarketplaceCategory, MarketplaceSort } from '@app/domain/marketplace';
import { DEFAULT_MARKETPLACE_SORT, NEXT_CURSOR_HEADER } from '@app/domain/marketplace-rules';
import type { PriceSource } from '@app/domain/pricing';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api';

/** The listing's filters (SPEC §2: search box, sort select, category select). */
export interface MarketplaceFilters {
  q: string;
  sort: MarketplaceSort;
  category: MarketplaceCategory;
}

/** The filters the listing opens with: no search, the default sort, every category. */
export const DEFAULT_MARKETPLACE_FILTERS: Readonly<MarketplaceFilters> = {
  q: '',
  sort: DEFAULT_MARKETPLACE_SORT,
  category: 'all',
};

/** One page of the listing: the SPEC §3 avatars, the next cursor and the rate behind `priceUsd`. */
export interface MarketplacePage {
  avatars: MarketplaceAvatar[];
  nextCursor: string | null;
  /** Where the USD prices come from (`X-Price-Source`): Chainlink on Base, or ETH_USD_RATE. */
  priceSource: PriceSource | null;
  /** USD per ETH behind the page's USD prices (`X-Eth-Usd-Rate`). */
  usdPerEth: string | null;
}

/**
 * SPEC §7 GET /api/marketplace/avatars, one page: the body is the avatar list; the next page's
 * cursor arrives in the `X-Next-Cursor` header (filtered, searched and sorted in SQL).
 */
export async function getMarketplaceAvatars(
  filters: MarketplaceFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MarketplacePage> {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.sort !== 'featured') params.set('sort', filters.sort);
  if (filters.category !== 'all') params.set('category', filters.category);
  if (cursor) params.set('cursor', cursor);
  const qs = params.toString();
  const res = await fetch(`/api/marketplace/avatars${qs ? `?${qs}` : ''}`, { credentials: 'include', signal });
  await throwIfResNotOk(res); // SPEC §8 generic error text
  return {
    avatars: (await res.json()) as MarketplaceAvatar[],
    nextCursor: res.headers.get(NEXT_CURSOR_HEADER),
    priceSource: res.headers.get('x-price-source') as PriceSource | null,
    usdPerEth: res.headers.get('x-eth-usd-rate'),
  };
}

/**
 * Infinite query of the listing. The key carries search, sort and category (SPEC §7: "the query
 * identity includes search, sort, category"); pages chain through the cursor.
 */
export function getMarketplaceAvatarsQueryOptions(filters: MarketplaceFilters) {
  return infiniteQueryOptions({
    queryKey: ['/api/marketplace/avatars', filters],
    queryFn: ({ pageParam, signal }) => getMarketplaceAvatars(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The marketplace listing, page by page. */
export function useMarketplaceAvatars(filters: MarketplaceFilters) {
  return useInfiniteQuery(getMarketplaceAvatarsQueryOptions(filters));
}
