/**
 * "Rate this": ERC-8004 feedback from people who really used an avatar — the buyer
 * of an edition or a skill, the owner of a team-mate avatar — signed by their wallet, or relayed by
 * the platform (marked as such) when they have none. Values are 0..100 with valueDecimals 0; the
 * reputation shown is `getSummary` over the clients the app has verified.
 */
import { z } from 'zod';

/** tag1 of every rating the app sends (ERC-8004 tags are free-form; this one says "a 0..100 rating"). */
export const RATING_TAG = 'rating';
/** Star ratings the form offers (1..5) and the 0..100 value each one sends. */
export const STAR_VALUES = [20, 40, 60, 80, 100] as const;
export const FEEDBACK_COMMENT_MAX = 500;

/** `POST /api/avatars/:id/feedback`. */
export const FeedbackRequestSchema = z
  .object({
    /** One of the interactions the eligibility lists (`edition:12`, `skill:3`, `team:5`). */
    interaction: z.string().regex(/^(edition|skill|team):[1-9]\d{0,9}$/, 'must be an interaction you had'),
    value: z.number().int().min(0).max(100),
    comment: z.string().trim().max(FEEDBACK_COMMENT_MAX).optional(),
  })
  .strict();
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;

/** A call for the user's wallet to send (viem `writeContract` arguments; bigints as decimal strings). */
export const WalletCallSchema = z.object({
  address: z.string(),
  functionName: z.literal('giveFeedback'),
  args: z.tuple([
    z.string(), // agentId
    z.string(), // value (int128)
    z.number(), // valueDecimals
    z.string(), // tag1
    z.string(), // tag2
    z.string(), // endpoint
    z.string(), // feedbackURI
    z.string(), // feedbackHash
  ]),
});

/** One rating given through the app. status: awaiting_signature | pending | confirmed | failed. */
export const FeedbackSchema = z.object({
  id: z.number().int(),
  interaction: z.string(),
  value: z.number().int(),
  mode: z.enum(['wallet', 'relayed']),
  clientAddress: z.string(),
  status: z.enum(['awaiting_signature', 'pending', 'confirmed', 'failed']),
  transactionHash: z.string().nullable(),
  feedbackURI: z.string(),
  /** For `wallet` mode while awaiting the signature: what the wallet must send. */
  call: WalletCallSchema.nullable(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

/** `GET /api/avatars/:id/feedback`: whether and how the signed-in user may rate the avatar. */
export const FeedbackEligibilitySchema = z.object({
  canRate: z.boolean(),
  /** Why not, in words (own avatar, no interaction yet, no token yet). */
  reason: z.string().nullable(),
  interactions: z.array(z.object({ ref: z.string(), label: z.string(), rated: z.boolean() })),
  /** wallet: the user's linked wallet signs; relayed: the platform sends it for them. */
  mode: z.enum(['wallet', 'relayed']).nullable(),
  given: z.array(FeedbackSchema),
});
export type FeedbackEligibility = z.infer<typeof FeedbackEligibilitySchema>;

/** `GET /api/avatars/:id/reputation`: ERC-8004 getSummary over the clients the app verified. */
export const ReputationSummarySchema = z.object({
  agentId: z.number().int().nullable(),
  /** Ratings counted (not revoked). */
  count: z.number().int(),
  /** Their average, 0..100 (null without ratings). */
  average: z.number().nullable(),
  /** Verified clients asked for (the summary counts only them, as the ERC advises). */
  clients: z.number().int(),
  source: z.string(),
});
export type ReputationSummary = z.infer<typeof ReputationSummarySchema>;
