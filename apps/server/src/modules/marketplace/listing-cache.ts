/**
 * A short-lived cache of whole listing responses (goal: serve the catalogue at a fifth of raw
 * HTTP's cost). Most catalogue traffic asks for the same few pages (first page, a category, a popular
 * search), and a page is the same for every visitor, so the serialised JSON body is kept and sent
 * as bytes: no SQL, no price arithmetic, no schema walk on a hit.
 *
 * Correct with several server processes on one database: migration 0005_market_changed puts
 * statement-level triggers on every table a card reads (avatars, avatar_skills, skills,
 * skill_listings, skill_transactions, avatar_editions, on_chain_tasks, users' names/picture) that
 * `NOTIFY market_changed`; each process LISTENs (Database.listen) and calls {@link ListingCache.clear}.
 * A write, a bulk import or a restore thus empties every process's cache at its commit. The TTL
 * ({@link LISTING_CACHE_TTL_MS}) only bounds staleness if a notification is ever lost (the
 * listening connection drops: the listener clears on reconnect too) and picks up a new ETH/USD rate
 * (also part of the key).
 */

/** How long a cached page is served (ours): 2 s, the worst staleness if a NOTIFY were lost. */
export const LISTING_CACHE_TTL_MS = 2_000;
/** Most pages kept (ours): a page is ~30 kB, so at most ~15 MB. */
export const LISTING_CACHE_MAX = 500;

/** A cached listing response: the JSON body (UTF-8 bytes) and its paging and price headers. */
export interface CachedListing {
  body: Buffer;
  nextCursor: string | null;
}

export interface ListingCache {
  get(key: string): CachedListing | undefined;
  /**
   * Stores a page read while the cache was at `generation` (read {@link ListingCache.generation}
   * before querying). Ignored when a clear happened since: the page may predate that change.
   */
  set(key: string, value: CachedListing, generation: number): void;
  /** Drops every page (on `market_changed`) and starts a new generation. */
  clear(): void;
  /** Bumped by every clear. */
  readonly generation: number;
  readonly size: number;
}

/** Builds a cache; `now` is injectable for tests. */
export function createListingCache(opts: { ttlMs?: number; max?: number; now?: () => number } = {}): ListingCache {
  const ttl = opts.ttlMs ?? LISTING_CACHE_TTL_MS;
  const max = opts.max ?? LISTING_CACHE_MAX;
  const now = opts.now ?? Date.now;
  let entries = new Map<string, { value: CachedListing; until: number }>();
  let generation = 0;
  return {
    get(key) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return e.value;
    },
    set(key, value, readAt) {
      if (readAt !== generation) return;
      entries.delete(key);
      entries.set(key, { value, until: now() + ttl });
      // Oldest inserted first out (a hit does not refresh: entries live ≤ ttl anyway).
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    clear() {
      entries = new Map();
      generation++;
    },
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
  };
}
