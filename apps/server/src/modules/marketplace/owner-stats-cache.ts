/**
 * A short-lived, bounded cache of owner figures for the listing (so it stays fast with a
 * real catalogue). An owner's total sales and success rate aggregate every sale and verified task
 * of all her avatars, so their cost grows with her history (≈ 20 ms for an owner of 100 avatars
 * with 20,000 tasks in the table, bench/marketplace.bench.ts) while a card does not even show them.
 * The listing therefore reuses an owner's figures for {@link OWNER_STATS_TTL_MS}; the avatar detail
 * page always computes them fresh. Per process (each server instance has its own), LRU-bounded, and
 * emptied by the `market_changed` notification (listing-cache.ts), so a sale or task recorded by
 * any process shows on cards at once; the TTL bounds staleness only if a notification is lost.
 */
import type { OwnerCounts } from './marketplace-repository';

/** How long the listing reuses an owner's figures (ours): a sale shows on cards within 30 s. */
export const OWNER_STATS_TTL_MS = 30_000;
/** Most owners kept (ours): ~100 bytes each, so at most ~1 MB. */
export const OWNER_STATS_MAX = 10_000;

export interface OwnerStatsCache {
  /** Cached figures of the owners that have fresh ones. */
  get(ownerIds: string[]): Map<string, OwnerCounts>;
  set(entries: Map<string, OwnerCounts>): void;
  /** Drops every owner (on `market_changed`: a sale or task anywhere, see listing-cache.ts). */
  clear(): void;
}

/** Builds a cache; `now` is injectable for tests. */
export function createOwnerStatsCache(
  opts: { ttlMs?: number; max?: number; now?: () => number } = {},
): OwnerStatsCache {
  const ttl = opts.ttlMs ?? OWNER_STATS_TTL_MS;
  const max = opts.max ?? OWNER_STATS_MAX;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { counts: OwnerCounts; until: number }>();
  return {
    get(ownerIds) {
      const out = new Map<string, OwnerCounts>();
      const t = now();
      for (const id of ownerIds) {
        const e = entries.get(id);
        if (!e) continue;
        if (e.until <= t) {
          entries.delete(id);
          continue;
        }
        // Refresh the LRU position.
        entries.delete(id);
        entries.set(id, e);
        out.set(id, e.counts);
      }
      return out;
    },
    set(fresh) {
      const until = now() + ttl;
      for (const [id, counts] of fresh) {
        entries.delete(id);
        entries.set(id, { counts, until });
      }
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
    },
  };
}
