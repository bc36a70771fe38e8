/**
 * The marketplace listing and the avatar detail (SPEC §2 Marketplace and Avatar detail, §3
 * "Marketplace avatar" and "Avatar detail", §7 GET /api/marketplace/avatars and
 * GET /api/avatar-details/{id}, §9 sort and category options).
 *
 * The spec's client filters and sorts the whole list in the browser; we do it in SQL with keyset
 * pagination (DESIGN §5). Called without parameters the listing still answers the
 * first page as the plain §3 list, so the spec's client contract holds; the next page's cursor
 * travels in the {@link NEXT_CURSOR_HEADER} response header (and a `Link: <…>; rel="next"`).
 */
import { z } from 'zod';
import { IntIdSchema } from './input';
import { EthAmountSchema, PriceSourceSchema, UsdAmountSchema, UsdRateSchema } from './pricing';
import { TaskValidationReportSchema } from './task-validation';

// ---------------------------------------------------------------------------------------------
// Listing query
// ---------------------------------------------------------------------------------------------

/** SPEC §9: "featured (default, featured first), price_low, price_high, level (descending), experience (descending)". */
export const MARKETPLACE_SORTS = ['featured', 'price_low', 'price_high', 'level', 'experience'] as const;
export const MarketplaceSortSchema = z.enum(MARKETPLACE_SORTS);
export type MarketplaceSort = z.infer<typeof MarketplaceSortSchema>;
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
export const MarketplaceCategorySchema = z.enum(MARKETPLACE_CATEGORIES);
export type MarketplaceCategory = z.infer<typeof MarketplaceCategorySchema>;

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

/**
 * `GET /api/marketplace/avatars` query. Every parameter is optional (SPEC §7 sends none):
 * - `q`: text searched in name and description (case-insensitive substring; blank = none)
 * - `category`: {@link MARKETPLACE_CATEGORIES}, default `all`
 * - `sort`: {@link MARKETPLACE_SORTS}, default `featured`
 * - `limit`: 1..100, default 24
 * - `cursor`: the {@link NEXT_CURSOR_HEADER} value of the previous page (same sort)
 */
export const MarketplaceQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(MARKETPLACE_QUERY_MAX, `Search text must be at most ${MARKETPLACE_QUERY_MAX} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  category: MarketplaceCategorySchema.default('all'),
  sort: MarketplaceSortSchema.default(DEFAULT_MARKETPLACE_SORT),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MARKETPLACE_MAX_LIMIT, `limit must be at most ${MARKETPLACE_MAX_LIMIT}`)
    .default(MARKETPLACE_DEFAULT_LIMIT),
  cursor: z
    .string()
    .max(512)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
    .optional(),
});
export type MarketplaceQueryInput = z.input<typeof MarketplaceQuerySchema>;
export type MarketplaceQuery = z.output<typeof MarketplaceQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Marketplace avatar (SPEC §3)
// ---------------------------------------------------------------------------------------------

/** An ISO-8601 timestamp string. */
const IsoDateSchema = z.string();

/**
 * A skill on a card or the detail page (SPEC §3: id, name, category, proficiency, description,
 * priceUsd, priceEth, acquisitionDate). Its price is the cheapest active, unexpired listing of
 * this skill by this avatar, else the skill's `basePrice`; null when neither exists.
 */
export const MarketplaceSkillSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  /** 0..100 (SPEC §5). */
  proficiency: z.number().int(),
  description: z.string().nullable(),
  priceUsd: UsdAmountSchema.nullable(),
  priceEth: EthAmountSchema.nullable(),
  /** When the avatar acquired the skill (`avatar_skills.acquiredAt`). */
  acquisitionDate: IsoDateSchema,
  /** BEYOND: the listing the price comes from (what Buy Skill buys), null = base price, not listed. */
  listingId: z.number().int().nullable(),
});
export type MarketplaceSkill = z.infer<typeof MarketplaceSkillSchema>;

/**
 * The avatar's owner (SPEC §3: firstName, lastName, profileImageUrl, joinedDate, totalSales,
 * successRate). Computed from recorded facts, never stored:
 * - `totalSales`: completed `skill_transactions` where the owner is the seller + editions of the
 *   owner's avatars sold through the marketplace (`avatar_editions.source` marketplace or card).
 * - `successRate`: percent, one decimal, of the verified tasks of all the owner's avatars —
 *   CONFIRMED / (CONFIRMED + FAILED) × 100; null when none finished yet.
 */
export const MarketplaceOwnerSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** When the owner's account was created. */
  joinedDate: IsoDateSchema,
  totalSales: z.number().int(),
  successRate: z.number().nullable(),
});
export type MarketplaceOwner = z.infer<typeof MarketplaceOwnerSchema>;

/** SPEC §4: verified = minted on chain ('Blockchain Verified'); anything else is 'Pending Verification'. */
export const VerificationStatusSchema = z.enum(['pending', 'verified']);

/**
 * SPEC §3 Marketplace avatar, plus (BEYOND) `priceWei`, `verificationStatus`, `category` and
 * `agentType`. Prices: `priceEth` is the stored decimal(18,8) normalised ("0.15"), `priceWei` the
 * same in wei, `priceUsd` derived at the current ETH/USD rate (2 decimals).
 */
export const MarketplaceAvatarSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  edition: z.number().int(),
  maxEditions: z.number().int(),
  level: z.number().int(),
  experiencePoints: z.number().int(),
  totalInteractions: z.number().int(),
  featured: z.boolean(),
  priceUsd: UsdAmountSchema,
  priceEth: EthAmountSchema,
  priceWei: z.string().regex(/^\d+$/),
  skills: z.array(MarketplaceSkillSchema),
  owner: MarketplaceOwnerSchema,
  verificationStatus: VerificationStatusSchema,
  category: z.string(),
  agentType: z.string(),
});
export type MarketplaceAvatar = z.infer<typeof MarketplaceAvatarSchema>;

/** The listing's body: the §3 list itself (paging travels in headers). */
export const MarketplaceAvatarListSchema = z.array(MarketplaceAvatarSchema);

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

// ---------------------------------------------------------------------------------------------
// Avatar detail (SPEC §3)
// ---------------------------------------------------------------------------------------------

/** SPEC §4 rarity colours: common grey, rare blue, epic purple, legendary yellow. */
export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export const RaritySchema = z.enum(RARITIES);
export type Rarity = z.infer<typeof RaritySchema>;

/**
 * Performance figures (SPEC §3 stats), each computed from recorded facts (see
 * `computeAvatarStats` in achievements.ts for the formulas).
 */
export const AvatarStatsSchema = z.object({
  /** Finished verified tasks: CONFIRMED + FAILED `on_chain_tasks`. */
  totalJobs: z.number().int(),
  /** CONFIRMED `on_chain_tasks`. */
  successfulJobs: z.number().int(),
  /** Mean `training_interactions.successRating` (1..5), one decimal; null when none is rated. */
  averageRating: z.number().nullable(),
  /** BEYOND: how many ratings the average is over. */
  ratingCount: z.number().int(),
  /** ETH earned from sales (decimal string): completed skill sales of this avatar's listings + its sold editions. */
  totalEarnings: EthAmountSchema,
  /** BEYOND: `totalEarnings` in USD at the current rate. */
  totalEarningsUsd: UsdAmountSchema,
  /** Median seconds from a task's request to its on-chain confirmation; null without confirmed tasks. */
  responseTime: z.number().nullable(),
});
export type AvatarStats = z.infer<typeof AvatarStatsSchema>;

/**
 * A finished task in the Work History (SPEC §3 jobs: id, title, client, description, earnings,
 * rating, completedDate): `title` is the task type in words, `client` the wallet that asked
 * (shortened, SPEC §9), `earnings` the XP the task earned (tasks pay XP, not ETH), `rating` the
 * reputation score given when the task was validated (ERC-8004 Validation Registry). A job that
 * came from an agent task carries the validator's report (score, checks, producer) and where its
 * evidence file is; both are null for other jobs.
 */
export const AvatarJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  client: z.string(),
  description: z.string(),
  earnings: z.number().int(),
  earningsUnit: z.literal('XP'),
  rating: z.number().nullable(),
  completedDate: IsoDateSchema,
  /** BEYOND: 'successful' (CONFIRMED) or 'failed' (FAILED, FAILED_VALIDATION). */
  status: z.enum(['successful', 'failed']),
  transactionHash: z.string().nullable(),
  /** What the validator found, or null when the job was not checked by it. */
  validation: TaskValidationReportSchema.nullable(),
  /** The validator's evidence file (the ERC-8004 responseURI), or null. */
  evidenceUri: z.string().nullable(),
});
export type AvatarJob = z.infer<typeof AvatarJobSchema>;

/** SPEC §3 achievements: id, title, description, rarity, unlockedDate. */
export const AchievementSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  rarity: RaritySchema,
  unlockedDate: IsoDateSchema,
});
export type Achievement = z.infer<typeof AchievementSchema>;

/**
 * SPEC §3 Avatar detail = the marketplace avatar + stats, jobs and achievements. `priceEth`,
 * `priceWei` and `priceUsd` are null when the avatar is not for sale. BEYOND: the rate the USD
 * figures use and its source, the NFT identity, the creation date.
 */
export const AvatarDetailSchema = MarketplaceAvatarSchema.extend({
  priceUsd: UsdAmountSchema.nullable(),
  priceEth: EthAmountSchema.nullable(),
  priceWei: z.string().regex(/^\d+$/).nullable(),
  stats: AvatarStatsSchema,
  jobs: z.array(AvatarJobSchema),
  achievements: z.array(AchievementSchema),
  usdPerEth: UsdRateSchema,
  priceSource: PriceSourceSchema,
  tokenId: z.number().int().nullable(),
  contractAddress: z.string().nullable(),
  createdAt: IsoDateSchema,
});
export type AvatarDetail = z.infer<typeof AvatarDetailSchema>;

/** `GET /api/avatar-details/:id` params: a positive id within PostgreSQL's `serial` range. */
export const AvatarDetailParamsSchema = z.object({ id: IntIdSchema });

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
