/**
 * Avatar vocabulary shared by server and web (SPEC §3 Avatar, §9 defaults).
 */
import { z } from 'zod';
import {
  AGENT_TYPES,
  AVATAR_DESCRIPTION_MAX,
  AVATAR_NAME_MAX,
  DEFAULT_AGENT_TYPE,
  DEFAULT_PERSONALITY_TRAITS,
} from './avatar-rules';

export * from './avatar-rules';

export const AgentTypeSchema = z.enum(AGENT_TYPES);

/**
 * `POST /api/avatars` body (SPEC §7: name, description, personalityTraits, readyPlayerMeUrl,
 * readyPlayerMeConfig; BEYOND: agentType). Creation inputs omit id and timestamps (SPEC §5).
 */
export const CreateAvatarSchema = z.object({
  name: z
    .string({ error: 'Avatar name is required' })
    .trim()
    .min(1, 'Avatar name is required')
    .max(AVATAR_NAME_MAX, `Avatar name must be at most ${AVATAR_NAME_MAX} characters`),
  description: z.string().trim().max(AVATAR_DESCRIPTION_MAX).nullish(),
  agentType: AgentTypeSchema.default(DEFAULT_AGENT_TYPE),
  personalityTraits: z
    .array(z.string().trim().min(1).max(32))
    .max(8)
    .default([...DEFAULT_PERSONALITY_TRAITS]),
  readyPlayerMeUrl: z.url().max(500).nullish(),
  readyPlayerMeConfig: z.record(z.string(), z.unknown()).nullish(),
});
export type CreateAvatarInput = z.input<typeof CreateAvatarSchema>;
export type CreateAvatar = z.output<typeof CreateAvatarSchema>;

/** An avatar as the API returns it (SPEC §3 Avatar; dates ISO-8601; price in ETH as a decimal string). */
export const AvatarSchema = z.object({
  id: z.number().int(),
  ownerId: z.string(),
  tokenId: z.number().int().nullable(),
  contractAddress: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  agentType: AgentTypeSchema,
  capabilities: z.array(z.string()),
  readyPlayerMeUrl: z.string().nullable(),
  readyPlayerMeConfig: z.record(z.string(), z.unknown()).nullable(),
  personalityTraits: z.array(z.string()),
  walletAddress: z.string().nullable(),
  delegationStatus: z.string(),
  isActive: z.boolean(),
  totalInteractions: z.number().int(),
  level: z.number().int(),
  experiencePoints: z.number().int(),
  edition: z.number().int(),
  maxEditions: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  priceEth: z.string().nullable(),
  featured: z.boolean(),
  category: z.string(),
  mintTxHash: z.string().nullable(),
  verificationStatus: z.string(),
  skills: z.array(z.object({ id: z.number(), name: z.string(), category: z.string(), proficiency: z.number() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Avatar = z.infer<typeof AvatarSchema>;

/**
 * `PATCH /api/avatars/:id` body: a new name and/or description, same limits as
 * creation; `description: null` or "" clears it. At least one field.
 */
export const UpdateAvatarSchema = z
  .object({
    name: CreateAvatarSchema.shape.name.optional(),
    description: CreateAvatarSchema.shape.description,
  })
  .strict()
  .refine((v) => v.name !== undefined || v.description !== undefined, {
    message: 'Send a new name or description',
  });
export type UpdateAvatar = z.infer<typeof UpdateAvatarSchema>;

/**
 * What removing an avatar does (`GET /api/avatars/:id/removal`, then
 * `DELETE /api/avatars/:id`). `delete` when nothing of it ever reached the chain (no token, no
 * edition, no chain write, no sale): the row and its history go. Otherwise `archive`: it leaves the
 * marketplace, the user's lists and its teams, its registration file says `active: false`, and every
 * NFT stays where it is — the ledger is not rewritten. `blockers` (in words) must be cleared first.
 */
export const AvatarRemovalSchema = z.object({
  action: z.enum(['archive', 'delete']),
  tokenId: z.number().int().nullable(),
  /** Where its own token is: the platform's custody, the user's wallet, or nowhere yet. */
  holder: z.enum(['custody', 'wallet', 'none']),
  /** Editions of its series held by other people (they keep them). */
  editionsHeldByOthers: z.number().int(),
  /** What will happen, one sentence each. */
  consequences: z.array(z.string()),
  /** What stops the removal now, one sentence each; empty when it can go ahead. */
  blockers: z.array(z.string()),
});
export type AvatarRemoval = z.infer<typeof AvatarRemovalSchema>;

/** `DELETE /api/avatars/:id` answer: what was done. */
export const AvatarRemovedSchema = z.object({ id: z.number().int(), action: z.enum(['archive', 'delete']) });
