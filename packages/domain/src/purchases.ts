/**
 * Buying and selling (SPEC §2 purchase dialog, §3 skill_listings / skill_transactions, §7
 * POST /api/purchase-skill, §8 purchase toasts; BEYOND: editions, selling, card payments): the request
 * and response schemas of every purchase and selling route (the sandbox card rules in ./cards) and the
 * sale split the Marketplace contract applies. No I/O.
 *
 * Money is never a float (DESIGN §4): ETH travels as decimal strings, wei as decimal-digit strings
 * (bigint in code), USD as whole cents.
 */
import { z } from 'zod';
import { AddressSchema, TxHashSchema } from './blockchain';
import { CardInputSchema } from './cards';
import { IntIdSchema } from './input';
import { ETH_PRICE_SCALE, ethToWei } from './pricing';

/** The sandbox card rules live in ./cards; re-exported for the purchase code that reads them here. */
export * from './cards';

// ---------------------------------------------------------------------------------------------
// SPEC §8 texts
// ---------------------------------------------------------------------------------------------

/** SPEC §8: success toast title of a purchase. */
export const PURCHASE_SUCCESS_TITLE = 'Purchase Successful!';
/** SPEC §8: success toast text, "You've successfully acquired {skill name}". */
export const purchaseSuccessText = (name: string) => `You've successfully acquired ${name}`;
/** SPEC §8: failure toast title. */
export const PURCHASE_FAILED_TITLE = 'Purchase Failed';
/** SPEC §8: failure toast text. */
export const PURCHASE_FAILED_TEXT = 'There was an error processing your purchase';
/** DESIGN §2: the embedded card processor says so on screen. */
export const SANDBOX_LABEL = 'Sandbox — no real charge';

/**
 * A client-chosen key per purchase attempt (a UUID is fine), sent as the `Idempotency-Key` header or
 * the body field `idempotencyKey`: the same key never charges or fulfils twice (DESIGN §4); the same
 * key and body answer the first answer again, the same key with another body 422.
 * 8–100 characters of [A-Za-z0-9_-].
 */
export const IdempotencyKeySchema = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Idempotency key must be 8-100 letters, digits, _ or -');

// ---------------------------------------------------------------------------------------------
// Purchase requests (SPEC §7 POST /api/purchase-skill; BEYOND: POST /api/purchase-avatar)
// ---------------------------------------------------------------------------------------------

/** SPEC §7: paymentMethod card or crypto. */
export const PAYMENT_METHODS = ['card', 'crypto'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
/** SPEC §2: "default card". */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'card';

const positiveId = IntIdSchema;

/** Shared rules of the two purchase bodies: crypto needs the txHash, a sandbox card its fields. */
function paymentRefinement(
  body: { paymentMethod: PaymentMethod; txHash?: string; idempotencyKey?: string },
  ctx: z.RefinementCtx,
) {
  if (body.paymentMethod === 'crypto' && !body.txHash) {
    ctx.addIssue({
      code: 'custom',
      path: ['txHash'],
      message: 'A crypto purchase needs the hash of the transaction your wallet sent (see the prepare call)',
    });
  }
  if (body.paymentMethod === 'card' && !body.idempotencyKey) {
    ctx.addIssue({ code: 'custom', path: ['idempotencyKey'], message: 'A card purchase needs an idempotency key' });
  }
}

/**
 * `POST /api/purchase-skill` (SPEC §7 {skillId, avatarId, paymentMethod}). BEYOND: `avatarId` is one of
 * the buyer's own avatars (not the spec's fixed 13); `listingId` picks the listing (default: the
 * cheapest active listing of the skill by someone else); `card` (sandbox) or nothing (Stripe
 * Elements) for cards, with an `idempotencyKey`; `txHash` of the wallet's `buySkill` for crypto.
 */
export const PurchaseSkillRequestSchema = z
  .object({
    skillId: positiveId,
    avatarId: positiveId,
    paymentMethod: PaymentMethodSchema,
    listingId: positiveId.optional(),
    card: CardInputSchema.optional(),
    txHash: TxHashSchema.optional(),
    idempotencyKey: IdempotencyKeySchema.optional(),
  })
  .superRefine(paymentRefinement);
export type PurchaseSkillRequest = z.output<typeof PurchaseSkillRequestSchema>;
export type PurchaseSkillRequestInput = z.input<typeof PurchaseSkillRequestSchema>;

/**
 * `POST /api/purchase-avatar` (BEYOND: PURCHASE_AVATAR and the marketplace card dialog): buys the
 * next edition of `avatarId`. Same payment fields as {@link PurchaseSkillRequestSchema}.
 */
export const PurchaseAvatarRequestSchema = z
  .object({
    avatarId: positiveId,
    paymentMethod: PaymentMethodSchema,
    card: CardInputSchema.optional(),
    txHash: TxHashSchema.optional(),
    idempotencyKey: IdempotencyKeySchema.optional(),
  })
  .superRefine(paymentRefinement);
export type PurchaseAvatarRequest = z.output<typeof PurchaseAvatarRequestSchema>;
export type PurchaseAvatarRequestInput = z.input<typeof PurchaseAvatarRequestSchema>;

/** `POST /api/purchases/avatar/prepare`: what the wallet must send to buy the next edition. */
export const PrepareAvatarPurchaseSchema = z.object({ avatarId: positiveId });

/** `POST /api/purchases/skill/prepare`: the listing (or skill) and the buyer's avatar. */
export const PrepareSkillPurchaseSchema = z.object({
  skillId: positiveId,
  avatarId: positiveId,
  listingId: positiveId.optional(),
});
export type PrepareSkillPurchase = z.infer<typeof PrepareSkillPurchaseSchema>;

/** `POST /api/purchases/confirm`: records a wallet purchase from its receipt (key optional, as a header too). */
export const ConfirmPurchaseSchema = z.object({
  txHash: TxHashSchema,
  idempotencyKey: IdempotencyKeySchema.optional(),
});

const WeiSchema = z.string().regex(/^\d+$/);

/**
 * Answer of the avatar prepare call: send `priceWei` to `Marketplace.buyEdition(avatarId)` at
 * `marketplaceAddress` on chain `chainId`, from `buyerAddress` (the user's linked wallet).
 */
export const AvatarPurchaseQuoteSchema = z.object({
  kind: z.literal('avatar'),
  marketplaceAddress: AddressSchema,
  chainId: z.number().int(),
  network: z.string(),
  avatarId: z.number().int(),
  priceWei: WeiSchema,
  priceEth: z.string(),
  buyerAddress: AddressSchema,
  nextEdition: z.number().int(),
  maxEditions: z.number().int(),
});
export type AvatarPurchaseQuote = z.infer<typeof AvatarPurchaseQuoteSchema>;

/**
 * Answer of the skill prepare call: send `priceWei` to `Marketplace.buySkill(chainListingId,
 * buyerTokenId)`; `listingId` is the app's listing.
 */
export const SkillPurchaseQuoteSchema = z.object({
  kind: z.literal('skill'),
  marketplaceAddress: AddressSchema,
  chainId: z.number().int(),
  network: z.string(),
  listingId: z.number().int(),
  chainListingId: z.number().int(),
  skillId: z.number().int(),
  skillName: z.string(),
  avatarId: z.number().int(),
  buyerTokenId: z.number().int(),
  proficiency: z.number().int(),
  priceWei: WeiSchema,
  priceEth: z.string(),
  buyerAddress: AddressSchema,
});
export type SkillPurchaseQuote = z.infer<typeof SkillPurchaseQuoteSchema>;

/** Where a purchase stands; `requires_payment` = Stripe: confirm with Elements, fulfilled by its webhook. */
export const PURCHASE_STATUSES = ['completed', 'requires_payment', 'processing'] as const;

/**
 * What a purchase answers. `completed` carries the chain write that delivered it (`transactionHash`,
 * the edition's `tokenId` / the buyer's new `avatarId`, or the skill's `avatarId` and `proficiency`).
 * `requires_payment` (Stripe) carries `clientSecret` for Elements and `paymentId` to poll.
 */
export const PurchaseResultSchema = z.object({
  status: z.enum(PURCHASE_STATUSES),
  kind: z.enum(['avatar', 'skill']),
  paymentMethod: PaymentMethodSchema,
  /** The item's display name: the skill name or the avatar name. */
  name: z.string(),
  transactionHash: TxHashSchema.nullable(),
  /** The avatar that now has the skill, or the edition avatar the buyer got. */
  avatarId: z.number().int().nullable(),
  /** Avatar purchase: the series bought. */
  seriesAvatarId: z.number().int().nullable(),
  tokenId: z.number().int().nullable(),
  edition: z.number().int().nullable(),
  skillId: z.number().int().nullable(),
  proficiency: z.number().int().nullable(),
  priceWei: WeiSchema,
  priceEth: z.string(),
  paymentId: z.number().int().nullable(),
  clientSecret: z.string().nullable(),
  /** Card: brand and last 4 digits, e.g. "Visa •••• 4242". */
  card: z.string().nullable(),
});
export type PurchaseResult = z.infer<typeof PurchaseResultSchema>;

/**
 * A refused card charge (HTTP 402): `card_declined` (final for this attempt: a new attempt needs a new
 * idempotency key) or `processing_error` (retry: press Pay again, same key).
 */
export const CardFailureSchema = z.object({
  error: z.string(),
  code: z.enum(['card_declined', 'processing_error']),
  retryable: z.boolean(),
});
export type CardFailure = z.infer<typeof CardFailureSchema>;

/** `GET /api/payments/config`: which card processor serves the card tab. */
export const PaymentsConfigSchema = z.object({
  card: z.enum(['sandbox', 'stripe']),
  /** Stripe only. */
  publishableKey: z.string().nullable(),
  /** Sandbox only: the documented test numbers, formatted. */
  testCards: z.array(z.object({ number: z.string(), outcome: z.enum(['succeeds', 'declined', 'retry']) })),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;

/** `GET /api/purchases/payments/:id`: a card payment's state, polled while Stripe's webhook arrives. */
export const PaymentStatusSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  failureMessage: z.string().nullable(),
  result: PurchaseResultSchema.nullable(),
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

// ---------------------------------------------------------------------------------------------
// Selling
// ---------------------------------------------------------------------------------------------

/**
 * A sale price in ETH: a decimal string above zero with at most 8 decimals (SPEC §9 decimal(18,8)),
 * at most 1,000,000 ETH (ours: keeps wei far inside uint256 and the column's 10 integer digits).
 */
export const PriceEthSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{1,7}(\\.\\d{1,${ETH_PRICE_SCALE}})?$`), {
    message: `Price must be an ETH amount like 0.05 (at most ${ETH_PRICE_SCALE} decimals)`,
    abort: true,
  })
  .refine((v) => ethToWei(v) > 0n, 'Price must be greater than 0')
  .refine((v) => ethToWei(v) <= ethToWei('1000000'), 'Price must be at most 1000000 ETH');

/** SPEC §5: proficiency ranges 0 to 100; a listing sells at least 1. */
export const ListingProficiencySchema = z.coerce.number().int().min(1).max(100);
/** Longest listing description (ours). */
export const LISTING_DESCRIPTION_MAX = 500;

/**
 * `POST /api/skill-listings`: list a skill of an avatar you own. The proficiency sold is at most the
 * avatar's own; `expiresAt` (optional) is an ISO date-time in the future.
 */
export const CreateSkillListingSchema = z.object({
  avatarId: positiveId,
  skillId: positiveId,
  priceEth: PriceEthSchema,
  proficiencyLevel: ListingProficiencySchema,
  description: z.string().trim().max(LISTING_DESCRIPTION_MAX).nullish(),
  expiresAt: z.iso
    .datetime({ offset: true })
    .nullish()
    .refine((v) => !v || Date.parse(v) > Date.now(), 'Expiry must be in the future'),
});
export type CreateSkillListing = z.output<typeof CreateSkillListingSchema>;
export type CreateSkillListingInput = z.input<typeof CreateSkillListingSchema>;

/** Most listings one page returns (ours). */
export const SKILL_LISTINGS_MAX_LIMIT = 100;

/**
 * `GET /api/skill-listings` query: `active=1` only listings that can be bought now (active, not
 * expired, the seller's avatar still has the skill at the listed proficiency); `mine=1` the signed-in
 * seller's own; `skillId` / `avatarId` (the seller's avatar) filter; newest first.
 */
export const SkillListingsQuerySchema = z.object({
  active: z.enum(['0', '1', 'true', 'false']).optional(),
  mine: z.enum(['0', '1', 'true', 'false']).optional(),
  skillId: positiveId.optional(),
  avatarId: positiveId.optional(),
  limit: z.coerce.number().int().min(1).max(SKILL_LISTINGS_MAX_LIMIT).default(50),
});
export type SkillListingsQuery = z.output<typeof SkillListingsQuerySchema>;

/** A skill listing as the API answers it (SPEC §3 skill_listings plus names for display). */
export const SkillListingSchema = z.object({
  id: z.number().int(),
  sellerId: z.string(),
  sellerName: z.string(),
  avatarId: z.number().int(),
  avatarName: z.string(),
  avatarEdition: z.number().int(),
  skillId: z.number().int(),
  skillName: z.string(),
  category: z.string(),
  price: z.string(),
  priceWei: WeiSchema,
  /** The price in USD (2 decimals) at the marketplace's current rate; null where no rate is at hand. */
  priceUsd: z.string().nullable(),
  proficiencyLevel: z.number().int(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Mirrored on chain under this Marketplace listing id (null until first bought by wallet). */
  chainListingId: z.number().int().nullable(),
  /** Completed sales of this listing. */
  sales: z.number().int(),
});
export type SkillListing = z.infer<typeof SkillListingSchema>;

/** `PATCH /api/avatars/:id/price`: a price puts the avatar's editions on sale; null takes them off. */
export const SetAvatarPriceSchema = z.object({ priceEth: PriceEthSchema.nullable() });
export type SetAvatarPrice = z.infer<typeof SetAvatarPriceSchema>;

/** Answer of the price change: the stored price and the on-chain mirror (null when not minted yet). */
export const AvatarPriceSchema = z.object({
  avatarId: z.number().int(),
  priceEth: z.string().nullable(),
  priceWei: WeiSchema.nullable(),
  transactionHash: TxHashSchema.nullable(),
});
export type AvatarPrice = z.infer<typeof AvatarPriceSchema>;

/** `POST /api/purchases/templates/resolve`: the series behind a CREATE-tab template (SPEC §3). */
export const ResolveTemplateSchema = z.object({ name: z.string().min(1).max(60) });
/** Its answer: the avatar (series) whose next edition MINT_AVATAR buys. */
export const TemplateSeriesSchema = z.object({
  name: z.string(),
  avatarId: z.number().int(),
  priceEth: z.string(),
  priceWei: WeiSchema,
  /** The price in USD (2 decimals) at the marketplace's current rate; null when no rate is known. */
  priceUsd: z.string().nullable(),
  maxEditions: z.number().int(),
  minted: z.number().int(),
  thumbnailUrl: z.string().nullable(),
});
export type TemplateSeries = z.infer<typeof TemplateSeriesSchema>;

// ---------------------------------------------------------------------------------------------
// The sale split (mirrors Marketplace._settle)
// ---------------------------------------------------------------------------------------------

/**
 * How the Marketplace contract splits a sale of `price` wei: `fee = price · feeBps / 10000` (rounded
 * down), the royalty capped to what is left, the seller gets the rest. Card sales pay out with the
 * same split from the platform key, so a card buyer's seller earns what a crypto buyer's would.
 * @throws RangeError for a negative price or royalty, or feeBps outside 0..10000
 */
export function splitSale(
  price: bigint,
  feeBps: number,
  royalty = 0n,
): { fee: bigint; royalty: bigint; seller: bigint } {
  if (price < 0n || royalty < 0n) throw new RangeError('Amounts must not be negative');
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000) throw new RangeError(`Bad fee bps ${feeBps}`);
  const fee = (price * BigInt(feeBps)) / 10_000n;
  const remaining = price - fee;
  const capped = royalty > remaining ? remaining : royalty;
  return { fee, royalty: capped, seller: remaining - capped };
}

// ------------------------------------------------------------------------------------------
// Earnings ledger (DESIGN §6): a seller's card-sale proceeds, off chain, double-entry.
// ------------------------------------------------------------------------------------------

/** What a ledger row records. */
export const LedgerKindSchema = z.enum(['sale', 'fee', 'royalty', 'clearing', 'payout']);

/** One row of the signed-in seller's earnings (GET /api/earnings). Wei as decimal strings; signed. */
export const EarningsEntrySchema = z.object({
  id: z.number().int(),
  kind: LedgerKindSchema,
  amountWei: z.string(),
  amountEth: z.string(),
  memo: z.string().nullable(),
  paymentId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type EarningsEntry = z.infer<typeof EarningsEntrySchema>;

/** GET /api/earnings: the balance is the sum of the seller's ledger rows (card sales, payouts). */
export const EarningsSchema = z.object({
  balanceWei: z.string(),
  balanceEth: z.string(),
  entries: z.array(EarningsEntrySchema),
});
export type Earnings = z.infer<typeof EarningsSchema>;
