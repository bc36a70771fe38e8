/**
 * Avatar vocabulary shared by server and web (SPEC §3 Avatar, §9 defaults).
 */
import { z } from 'zod';

/** SPEC §1: avatar types. Default CREATOR (SPEC §9). */
export const AGENT_TYPES = ['HACKER', 'CREATOR', 'HUSTLER'] as const;
export const AgentTypeSchema = z.enum(AGENT_TYPES);
export type AgentType = z.infer<typeof AgentTypeSchema>;
export const DEFAULT_AGENT_TYPE: AgentType = 'CREATOR';

/** SPEC §7: the studio always sends these traits unless the user changes them (BEYOND: editable). */
export const DEFAULT_PERSONALITY_TRAITS = ['curious', 'helpful', 'creative'] as const;

/** SPEC §5: 'Avatar name is required'. Name up to 60 chars, description up to 1000 (ours). */
export const AVATAR_NAME_MAX = 60;
export const AVATAR_DESCRIPTION_MAX = 1000;

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
export interface Avatar {
  id: number;
  ownerId: string;
  tokenId: number | null;
  contractAddress: string | null;
  name: string;
  description: string | null;
  agentType: AgentType;
  capabilities: string[];
  readyPlayerMeUrl: string | null;
  readyPlayerMeConfig: Record<string, unknown> | null;
  personalityTraits: string[];
  walletAddress: string | null;
  delegationStatus: string;
  isActive: boolean;
  totalInteractions: number;
  level: number;
  experiencePoints: number;
  edition: number;
  maxEditions: number;
  thumbnailUrl: string | null;
  imageUrl: string | null;
  priceEth: string | null;
  featured: boolean;
  category: string;
  mintTxHash: string | null;
  verificationStatus: string;
  skills: { id: number; name: string; category: string; proficiency: number }[];
  createdAt: string;
  updatedAt: string;
}

/** Capabilities an avatar starts with, by type (shown as the capability count in AI_CHAT). */
export const DEFAULT_CAPABILITIES: Record<AgentType, string[]> = {
  HACKER: ['code_review', 'smart_contract_audit', 'deploy_website', 'verify_task'],
  CREATOR: ['generate_image', 'mint_art_nft', 'deploy_website', 'farcaster_post'],
  HUSTLER: ['market_analysis', 'farcaster_post', 'list_skill', 'negotiate'],
};
