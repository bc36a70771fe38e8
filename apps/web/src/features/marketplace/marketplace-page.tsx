import type { MarketplaceCategory, MarketplaceSort } from '@app/domain/marketplace';
import { formatUsd } from '@app/domain/pricing-rules';
import { SearchXIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button-plain';
import { DEFAULT_MARKETPLACE_FILTERS, useMarketplaceAvatars } from './api/get-marketplace-avatars';
import { AvatarCard } from './components/avatar-card';
import { AvatarCardSkeleton } from './components/avatar-card-skeleton';
import { LoadMore } from './components/load-more';
import { MarketplaceFilters } from './components/marketplace-filters';
import { useDebouncedValue } from './hooks/use-debounced-value';

/** How long the search box waits after the last key before asking the server (ours). */
const SEARCH_DEBOUNCE_MS = 300;
/** A card the browser may skip rendering while it is far from the viewport (its estimated height until first shown). */
const OFFSCREEN_CARD = 'min-w-0 [content-visibility:auto] [contain-intrinsic-size:auto_740px]';
/** SPEC §2: "While loading, 6 skeleton placeholders show." */
const SKELETON_KEYS = ['sk-1', 'sk-2', 'sk-3', 'sk-4', 'sk-5', 'sk-6'] as const;

/**
 * /marketplace (SPEC §2 Marketplace): title, search, sort and category selects, and the
 * avatar grid — filtered, searched and sorted by the server, loaded page by page as the user
 * scrolls. Public: visitors see it signed out.
 */
export default function MarketplacePage() {
  const [search, setSearch] = useState(DEFAULT_MARKETPLACE_FILTERS.q);
  const [sort, setSort] = useState<MarketplaceSort>(DEFAULT_MARKETPLACE_FILTERS.sort);
  const [category, setCategory] = useState<MarketplaceCategory>(DEFAULT_MARKETPLACE_FILTERS.category);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const listing = useMarketplaceAvatars({ q, sort, category });
  const avatars = listing.data?.pages.flatMap((p) => p.avatars) ?? [];
  const firstPage = listing.data?.pages[0];

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="label-mono text-neon-magenta">{'// TRADE_THE_NETWORK'}</p>
          <h1 className="mt-2 font-display text-2xl font-black tracking-wide break-words sm:text-4xl">
            AVATAR_
            <wbr />
            <span className="text-primary glow-text">MARKETPLACE</span>
          </h1>
          <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
            Discover, collect and deploy AI avatars minted as NFTs on Base — each with its own skills, level and track
            record.
          </p>
        </div>
      </header>

      <div className="mt-6">
        <MarketplaceFilters
          search={search}
          onSearchChange={setSearch}
          sort={sort}
          onSortChange={setSort}
          category={category}
          onCategoryChange={setCategory}
        />
      </div>

      <section aria-labelledby="avatars-heading" className="mt-6">
        <h2 id="avatars-heading" className="sr-only">
          Avatars
        </h2>
        {listing.isPending ? (
          <div
            className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
            role="status"
            aria-label="Loading avatars"
          >
            {SKELETON_KEYS.map((k) => (
              <AvatarCardSkeleton key={k} />
            ))}
          </div>
        ) : listing.isError ? (
          <div className="grid gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-6">
            <p className="label-mono text-destructive">MARKETPLACE_OFFLINE</p>
            <p role="alert" className="text-sm text-destructive">
              {listing.error.message}
            </p>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => listing.refetch()}>
              RETRY
            </Button>
          </div>
        ) : avatars.length === 0 ? (
          <div className="grid place-items-center gap-3 rounded-lg border border-dashed border-primary/40 bg-card/60 px-6 py-16 text-center">
            <SearchXIcon className="size-10 text-primary/70" aria-hidden="true" />
            <p className="font-display text-lg font-bold tracking-widest text-primary">NO_AVATARS_FOUND</p>
            <p className="max-w-sm text-sm text-muted-foreground">Try adjusting your search criteria or filters</p>
          </div>
        ) : (
          <>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Avatars for sale">
              {avatars.map((a, i) => (
                // Cards after the first are laid out and painted only near the viewport
                // (content-visibility: auto, about a card's height, 740 px, until then): a phone shows
                // one card of 24, and styling, laying out and painting the others held the main thread.
                <li key={a.id} className={i === 0 ? 'min-w-0' : OFFSCREEN_CARD}>
                  <AvatarCard avatar={a} imagePriority={i === 0 ? 'high' : undefined} />
                </li>
              ))}
            </ul>
            <LoadMore
              hasNextPage={listing.hasNextPage}
              isFetchingNextPage={listing.isFetchingNextPage}
              onLoadMore={() => {
                if (!listing.isFetchingNextPage) void listing.fetchNextPage();
              }}
            />
            {listing.isFetchNextPageError && (
              <p role="alert" className="mt-4 text-center text-sm text-destructive">
                Failed to load more avatars. Try LOAD_MORE again.
              </p>
            )}
          </>
        )}
        {firstPage?.usdPerEth && (
          <p className="mt-8 text-center text-xs text-muted-foreground">
            USD prices at {formatUsd(firstPage.usdPerEth)} per ETH · source{' '}
            <span className="font-bold text-foreground">
              {firstPage.priceSource === 'ETH_USD_RATE'
                ? 'ETH_USD_RATE (configured rate)'
                : 'Chainlink ETH/USD on Base'}
            </span>
          </p>
        )}
      </section>
    </div>
  );
}
