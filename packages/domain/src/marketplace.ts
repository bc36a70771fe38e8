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
import {
  DEFAULT_MARKETPLACE_SORT,
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_DEFAULT_LIMIT,
  MARKETPLACE_MAX_LIMIT,
  MARKETPLACE_QUERY_MAX,
  MARKETPLACE_SORTS,
  RARITIES,
} from './marketplace-rules';
import { EthAmountSchema, PriceSourceSchema, UsdAmountSchema, UsdRateSchema } from './pricing';
import { TaskValidationReportSchema } from './task-validation';

export * from './marketplace-rules';

// ---------------------------------------------------------------------------------------------
// Listing query
// ---------------------------------------------------------------------------------------------

export const MarketplaceSortSchema = z.enum(MARKETPLACE_SORTS);
export const MarketplaceCategorySchema = z.enum(MARKETPLACE_CATEGORIES);

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

// ---------------------------------------------------------------------------------------------
// Avatar detail (SPEC §3)
// ---------------------------------------------------------------------------------------------

export const RaritySchema = z.enum(RARITIES);

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
