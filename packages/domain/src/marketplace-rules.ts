/**
 * The marketplace's rules and figures shown to users (SPEC §2 Marketplace and Avatar detail, §9 sort
 * and category options, card skills, the verification badge, rarities, the success rate), without
 * zod. marketplace.ts re-exports all of this next to the API's schemas; the web imports this module
 * so the public pages do not load zod.
 */

/** SPEC §9: "featured (default, featured first), price_low, price_high, level (descending), experience (descending)". */
export const MARKETPLACE_SORTS = ['featured', 'price_low', 'price_high', 'level', 'experience'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];
export const DEFAULT_MARKETPLACE_SORT: MarketplaceSort = 'featured';

/** Labels of the sort select (SPEC §2 Marketplace). */
export const MARKETPLACE_SORT_LABELS: Record<MarketplaceSort, string> = {
  featured: 'Featured',
  price_low: 'Price: Low to High',
  price_high: 'Price: High to Low',
  level: 'Highest Level',
  experience: 'Most Experience',
};

/**
 * SPEC §9: "Category options: all, creative, analytical, technical, security". A category names a
 * discipline: an avatar is in it when its own `category` is that value OR it has a skill of that
 * category (`skills.category` uses the same four words). `all` applies no filter.
 */
export const MARKETPLACE_CATEGORIES = ['all', 'creative', 'analytical', 'technical', 'security'] as const;
export type MarketplaceCategory = (typeof MARKETPLACE_CATEGORIES)[number];

/** Labels of the category select. */
export const MARKETPLACE_CATEGORY_LABELS: Record<MarketplaceCategory, string> = {
  all: 'All Categories',
  creative: 'Creative',
  analytical: 'Analytical',
  technical: 'Technical',
  security: 'Security',
};

/** Page size without `limit` (ours): 24 cards fill whole rows of the 1-, 2-, 3- and 4-column grids. */
export const MARKETPLACE_DEFAULT_LIMIT = 24;
/** Largest page a client may ask for (`limit` ≤ 100). */
export const MARKETPLACE_MAX_LIMIT = 100;
/** Longest search text (ours): names and descriptions are at most 60 / 1000 characters. */
export const MARKETPLACE_QUERY_MAX = 100;
/** SPEC §9: "Cards show at most 4 skills". */
export const MARKETPLACE_CARD_SKILLS = 4;
/** Response header with the opaque cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** SPEC §4 rarity colours: common grey, rare blue, epic purple, legendary yellow. */
export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

/** The verification badge text (SPEC §4 "The marketplace badge reads …"). */
export function verificationBadgeLabel(status: string): 'Blockchain Verified' | 'Pending Verification' {
  return status === 'verified' ? 'Blockchain Verified' : 'Pending Verification';
}

/** The first {@link MARKETPLACE_CARD_SKILLS} skills and how many more there are (SPEC §2 "'+N more'"). */
export function cardSkills<T>(skills: readonly T[]): { shown: T[]; more: number } {
  return {
    shown: skills.slice(0, MARKETPLACE_CARD_SKILLS),
    more: Math.max(0, skills.length - MARKETPLACE_CARD_SKILLS),
  };
}

/** Most jobs the detail page lists (newest first; ours). The stats count all of them. */
export const DETAIL_JOBS_LIMIT = 20;

/**
 * SPEC §2 Analytics: "success-rate percentage (successful jobs / total jobs, one decimal)".
 * Returns the percentage rounded to one decimal, or 0 without jobs (nothing to divide).
 */
export function successRatePercent(successfulJobs: number, totalJobs: number): number {
  if (totalJobs <= 0) return 0;
  return Math.round((successfulJobs / totalJobs) * 1000) / 10;
}
