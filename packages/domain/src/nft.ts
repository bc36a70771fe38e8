/**
 * The NFT page's API (SPEC §2 NFT page, §3 NFT forms, §5 rules): request and response
 * schemas of `/api/nft/*`. Wei as decimal strings, block numbers as numbers, gas as a decimal string.
 */
import { z } from 'zod';
import { TaskTypeSchema, TxHashSchema } from './blockchain';
import { IntIdSchema } from './input';

/**
 * `avatar_editions.source` of editions bought on the marketplace: by wallet (`marketplace`) or by
 * card (`card`). The others — `custody`, `wallet`, `voucher` — are mints by the avatar's owner.
 */
export const BOUGHT_EDITION_SOURCES = ['marketplace', 'card'] as const;

/** A token id in a body (ERC-721 tokenId, 1..2^31−1). */
export const NftTokenRefSchema = z.object({ tokenId: IntIdSchema });

/** `POST /api/nft/voucher`: a mint voucher for the next edition of one of the user's avatars. */
export const NftVoucherRequestSchema = z.object({
  avatarId: IntIdSchema,
  /** SPEC §5: edition and max editions at least 1; checked against the series. */
  edition: z.coerce.number().int().min(1).optional(),
  maxEditions: z.coerce.number().int().min(1).max(65535).optional(),
});

/** The EIP-712 voucher (AvatarNFT/1) as JSON: bigints as decimal strings. */
export const NftVoucherResponseSchema = z.object({
  voucher: z.object({
    to: z.string(),
    avatarId: z.string(),
    agentType: z.number().int(),
    maxEditions: z.number().int(),
    price: z.string(),
    nonce: z.string(),
    deadline: z.string(),
    uri: z.string(),
  }),
  signature: z.string(),
  contractAddress: z.string(),
  nextEdition: z.number().int(),
});
export type NftVoucherResponse = z.infer<typeof NftVoucherResponseSchema>;

/** `POST /api/nft/mints` `{txHash}`: the edition the user's wallet minted, recorded from its receipt. */
export const NftMintRecordedSchema = z.object({
  tokenId: z.number().int(),
  edition: z.number().int(),
  avatarId: z.number().int(),
  transactionHash: z.string(),
  blockNumber: z.number().int(),
  gasUsed: z.string(),
});

/** `POST /api/nft/skills`: records on chain a skill the token's avatar really has, at most its proficiency. */
export const NftSkillRequestSchema = NftTokenRefSchema.extend({
  skillName: z.string().trim().min(1).max(100),
  proficiency: z.coerce.number().int().min(0).max(100),
});
export const NftSkillRecordedSchema = z.object({
  skillId: z.number().int(),
  skillName: z.string(),
  proficiency: z.number().int(),
  transactionHash: z.string(),
  blockNumber: z.number().int(),
  gasUsed: z.string(),
});

/** `POST /api/nft/tasks`: the task verification for the token's avatar (answer: VerifyTaskResponseSchema). */
export const NftTaskRequestSchema = NftTokenRefSchema.extend({
  taskType: TaskTypeSchema,
  experiencePoints: z.coerce.number().int().min(1),
  taskData: z.record(z.string(), z.unknown()).default({}),
});

/** `POST /api/nft/delegations` `{tokenId, txHash}`: the ERC-4907 user the owner's `setUser` set, read back. */
export const NftDelegationRequestSchema = NftTokenRefSchema.extend({ txHash: TxHashSchema });
export const NftDelegationRecordedSchema = z.object({
  tokenId: z.number().int(),
  delegationStatus: z.enum(['DELEGATED', 'NONE']),
  user: z.string().nullable(),
  /** Unix seconds when the delegation ends. */
  expires: z.number().int().nullable(),
  transactionHash: z.string(),
  blockNumber: z.number().int(),
  gasUsed: z.string(),
});

/**
 * How a token came to the user (MY_AVATAR_TOKENS): `minted` (their avatar's own
 * token or an edition they minted), `bought` (an edition bought on the marketplace, by wallet or card),
 * `received` (sent to their linked wallet by someone else).
 */
export const NftTokenSourceSchema = z.enum(['minted', 'bought', 'received']);
export type NftTokenSource = z.infer<typeof NftTokenSourceSchema>;

/** One avatar token the user holds (`GET /api/nft/tokens`), with holder and ERC-4907 user read from chain. */
export const NftTokenSchema = z.object({
  tokenId: z.number().int(),
  /** The user's avatar behind the token (their original, or their copy of a bought edition). */
  avatarId: z.number().int(),
  name: z.string(),
  agentType: z.string(),
  edition: z.number().int(),
  maxEditions: z.number().int(),
  /** Current owner on chain (checksummed). */
  holder: z.string(),
  /** Still held by the platform's custody address: claim it before the wallet can use it. */
  inCustody: z.boolean(),
  /** ERC-4907 user (delegate), null when none or expired. */
  delegate: z.string().nullable(),
  /** Unix seconds when the delegation ends, null without one. */
  delegateExpires: z.number().int().nullable(),
  source: NftTokenSourceSchema,
});
export type NftToken = z.infer<typeof NftTokenSchema>;
