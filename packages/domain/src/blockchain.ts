/**
 * On-chain task verification vocabulary (SPEC §3 on_chain_tasks, Verification record; §5; §9 task
 * types) and the rules that decide XP and reputation per task type (ours).
 */
import { z } from 'zod';
import { IntIdSchema } from './input';
import { TaskValidationReportSchema, ValidationCheckSchema } from './task-validation';

/** SPEC §9 task types; skill_learn is the default. */
export const TASK_TYPES = [
  'skill_learn',
  'avatar_create',
  'team_join',
  'skill_trade',
  'training_complete',
  'marketplace_transaction',
] as const;
export const TaskTypeSchema = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof TaskTypeSchema>;
export const DEFAULT_TASK_TYPE: TaskType = 'skill_learn';

/** SPEC §9: the fixed demo wallet address offered by 'Use Demo Address' (a shared, public demo). */
export const DEMO_WALLET_ADDRESS = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';

/**
 * Whether a verification may be recorded under `address` for a user whose SIWE-verified wallet is
 * `linkedWallet` (so XP cannot be farmed with made-up addresses): only their own linked wallet, or the shared demo address — never
 * a wallet the user has not proven they control. Case-insensitive.
 */
export function canRecordVerificationUnder(address: string, linkedWallet: string | null): boolean {
  const a = address.toLowerCase();
  return a === DEMO_WALLET_ADDRESS.toLowerCase() || (!!linkedWallet && a === linkedWallet.toLowerCase());
}

/** The refusal when {@link canRecordVerificationUnder} says no, in words. */
export const UNLINKED_WALLET_ERROR =
  "Verifications are recorded under a wallet you have linked, or the demo address. Link this wallet first (CONNECT_WALLET, then LINK_WALLET), or choose 'Use Demo Address'.";

/** An EVM address (20 bytes hex, any case). */
export const AddressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Must be a 0x-prefixed 20-byte hex address');
/** A 32-byte transaction hash. */
export const TxHashSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Must be a 0x-prefixed 32-byte transaction hash');

/** XP earned and reputation given per verified task type (ours; ERC-8004 reputation pairs). */
export const TASK_REWARDS: Record<TaskType, { xp: number; score: number; scoreType: string }> = {
  avatar_create: { xp: 50, score: 10, scoreType: 'identity' },
  team_join: { xp: 30, score: 5, scoreType: 'collaboration' },
  skill_learn: { xp: 40, score: 8, scoreType: 'skill' },
  training_complete: { xp: 100, score: 10, scoreType: 'training' },
  skill_trade: { xp: 60, score: 12, scoreType: 'trade' },
  marketplace_transaction: { xp: 60, score: 12, scoreType: 'trade' },
};

/** training_complete needs at least this many recorded training interactions per milestone. */
export const TRAINING_MILESTONE = 10;

/** Task data per task type: what the claim is about. Unknown keys are refused. */
export const TaskDataSchemas = {
  avatar_create: z.object({}).strict(),
  team_join: z.object({ teamId: IntIdSchema.optional() }).strict(),
  skill_learn: z
    .object({
      skillId: IntIdSchema.optional(),
      skillName: z.string().trim().min(1).max(100).optional(),
    })
    .strict(),
  training_complete: z.object({}).strict(),
  skill_trade: z.object({ transactionHash: TxHashSchema }).strict(),
  marketplace_transaction: z.object({ transactionHash: TxHashSchema }).strict(),
} satisfies Record<TaskType, z.ZodType>;

/** `POST /api/blockchain/verify-task` body (SPEC §7; BEYOND: avatarId is one of the user's own). */
export const VerifyTaskRequestSchema = z.object({
  avatarId: IntIdSchema,
  taskType: TaskTypeSchema.default(DEFAULT_TASK_TYPE),
  taskData: z.record(z.string(), z.unknown()).default({}),
  userWalletAddress: AddressSchema,
});
export type VerifyTaskRequest = z.infer<typeof VerifyTaskRequestSchema>;

/**
 * SPEC §7 verify-task answer. BEYOND (ADR 008): an accepted claim is recorded as a chain
 * intent and answered at once with HTTP 202, `status: 'pending'` and `transactionHash: null`; the
 * history record turns verified (or failed, with its `error`) when the receipt is in.
 */
export const VerifyTaskResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['pending', 'confirmed', 'failed']).optional(),
  taskId: z.string().optional(),
  reputationGained: z.number().optional(),
  transactionHash: z.string().nullable().optional(),
  /** The chain-write intent that carries it (GET /api/chain/intents/:id). */
  intentId: z.number().optional(),
  error: z.string().optional(),
});
export type VerifyTaskResponse = z.infer<typeof VerifyTaskResponseSchema>;

/** SPEC §3 Verification record. status: verified | pending | failed (SPEC §4 colours). */
export const VerificationRecordSchema = z.object({
  taskId: z.string(),
  taskType: z.string(),
  status: z.enum(['verified', 'pending', 'failed']),
  timestamp: z.string(),
  transactionHash: z.string().nullable(),
  blockNumber: z.number().nullable(),
  gasUsed: z.string().nullable(),
  reputation: z.array(z.object({ score: z.number(), scoreType: z.string() })),
  taskData: z.record(z.string(), z.unknown()),
  avatarId: z.number(),
  avatarName: z.string().optional(),
  experienceEarned: z.number(),
  /** BEYOND (ADR 008): why a failed record failed (the chain's revert reason). */
  error: z.string().nullable().optional(),
  /** An agent task's validator report (score, checks, producer); null for other records. */
  validation: TaskValidationReportSchema.nullable(),
  /** The validator's evidence file (the ERC-8004 responseURI), or null. */
  evidenceUri: z.string().nullable(),
});
export type VerificationRecord = z.infer<typeof VerificationRecordSchema>;

/** The network the app talks to (BEYOND: one name everywhere, from the configured chain). */
export const NetworkInfoSchema = z.object({
  name: z.string(),
  chainId: z.number(),
  explorerUrl: z.string().nullable(),
  local: z.boolean(),
  /** Every deployed contract: AvatarNFT is the ERC-8004 Identity Registry (agentId = tokenId). */
  contracts: z.object({
    avatarNFT: z.string(),
    reputationRegistry: z.string(),
    validationRegistry: z.string(),
    marketplace: z.string(),
    artworkNFT: z.string(),
  }),
  /** JSON-RPC endpoint for wallets, proxied through the app. */
  rpcUrl: z.string(),
  /**
   * WalletConnect v2 project id (WALLETCONNECT_PROJECT_ID, public by design: every dapp ships it to the
   * browser), or null when WalletConnect is not configured. The only wallet setting the browser gets.
   */
  walletConnectProjectId: z.string().nullable(),
});
export type NetworkInfo = z.infer<typeof NetworkInfoSchema>;

/** Maps an on_chain_tasks.status (PENDING | CONFIRMED | FAILED) to a verification status (SPEC §4). */
export function verificationStatusOf(status: string): 'verified' | 'pending' | 'failed' {
  if (status === 'CONFIRMED') return 'verified';
  if (status === 'PENDING') return 'pending';
  return 'failed';
}

/** "skill_learn" → "Skill Learn" (SPEC §2 history title). */
export function taskTypeTitle(taskType: string): string {
  return taskType
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** Explorer URL of a transaction, or null on a chain without one (anvil). */
export function explorerTxUrl(explorerUrl: string | null, txHash: string): string | null {
  return explorerUrl ? `${explorerUrl.replace(/\/$/, '')}/tx/${txHash}` : null;
}

/**
 * BEYOND (ADR 008): one server-signed chain write as the outbox records it. Status:
 * queued → signed (stored, broadcast) → confirmed | reverted; failed when it can never be sent.
 * Wei as decimal strings; `error` is the revert reason or the last transient error (RPC, gas).
 */
export const ChainIntentStatusSchema = z.enum(['queued', 'signed', 'confirmed', 'reverted', 'failed']);
export const ChainIntentSchema = z.object({
  id: z.number(),
  key: z.string(),
  kind: z.string(),
  status: ChainIntentStatusSchema,
  nonce: z.number().nullable(),
  txHash: z.string().nullable(),
  blockNumber: z.number().nullable(),
  gasUsed: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  confirmations: z.number(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type ChainIntent = z.infer<typeof ChainIntentSchema>;

/** BEYOND (ADR 008): the signing key's outbox health (GET /api/admin/chain; part of /api/health). */
export const ChainOutboxHealthSchema = z.object({
  signer: z.string(),
  chainId: z.number(),
  balanceWei: z.string().nullable(),
  lowBalance: z.boolean(),
  lowBalanceWei: z.string(),
  rpcReachable: z.boolean(),
  counts: z.record(z.string(), z.number()),
  oldestPendingMs: z.number(),
  lastError: z.string().nullable(),
});
export type ChainOutboxHealth = z.infer<typeof ChainOutboxHealthSchema>;

export const AdminChainResponseSchema = z.object({
  health: ChainOutboxHealthSchema,
  intents: z.array(ChainIntentSchema),
});
export type AdminChainResponse = z.infer<typeof AdminChainResponseSchema>;

/**
 * What verification checks for each task type, in words: shown beside the form so a
 * user knows which recorded facts a claim needs before anything is sent.
 */
export const TASK_CHECKS: Record<TaskType, string> = {
  avatar_create: 'The avatar exists and belongs to you.',
  team_join: 'The avatar is a member of one of your teams.',
  skill_learn: 'The avatar trained the skill in chat and its proficiency rose above 1.',
  training_complete: `At least ${TRAINING_MILESTONE} training interactions are recorded for the avatar.`,
  skill_trade: 'A completed skill trade of yours is recorded under this transaction hash.',
  marketplace_transaction: 'A completed marketplace purchase or sale of yours is recorded under this transaction hash.',
};

/** The task data each type accepts, said for people (mirrors `TaskDataSchemas`). */
const TASK_DATA_ACCEPTS: Record<TaskType, string> = {
  avatar_create: 'It takes no task data: leave it as {}.',
  team_join: 'It may name the team as {"teamId": 1}, or leave it as {} for the first team joined.',
  skill_learn: 'It may name the skill as {"skillName": "Solidity"} or {"skillId": 3}, or leave it as {}.',
  training_complete: 'It takes no task data: leave it as {}.',
  skill_trade: 'It needs the trade\'s transaction hash: {"transactionHash": "0x…"}.',
  marketplace_transaction: 'It needs the purchase\'s transaction hash: {"transactionHash": "0x…"}.',
};

/** One issue as zod reports it (the fields `describeTaskDataIssues` reads). */
export interface TaskDataIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
}

/**
 * Turns zod issues on a claim's task data into plain sentences (no schema-style
 * text in toasts), e.g. `A Team Join claim doesn't take "foo". It may name the team as …`.
 */
export function describeTaskDataIssues(taskType: TaskType, issues: readonly TaskDataIssue[]): string {
  const title = taskTypeTitle(taskType);
  const sentences = new Set<string>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (issue.code === 'unrecognized_keys') {
      const keys = (issue.keys ?? []).map((k) => `"${k}"`).join(', ');
      sentences.add(`A ${title} claim doesn't take ${keys || 'those fields'}. ${TASK_DATA_ACCEPTS[taskType]}`);
    } else if (field === 'transactionHash') {
      sentences.add(
        'Give the transaction hash of one of your completed trades: 0x followed by 64 hexadecimal characters.',
      );
    } else if (field === 'teamId' || field === 'skillId') {
      sentences.add(`The ${field === 'teamId' ? 'team' : 'skill'} id must be a whole number of at least 1.`);
    } else if (field === 'skillName') {
      sentences.add('The skill name must be 1 to 100 characters long.');
    } else {
      sentences.add(`The task data doesn't fit a ${title} claim. ${TASK_DATA_ACCEPTS[taskType]}`);
    }
  }
  return [...sentences].join(' ') || `The task data doesn't fit a ${title} claim. ${TASK_DATA_ACCEPTS[taskType]}`;
}

/**
 * One claim the user could verify for an avatar, built from recorded facts
 * (`GET /api/blockchain/avatars/:id/verifiable-tasks`). status: ready (the facts support it and it
 * was never verified), pending / verified (already recorded; transactionHash once confirmed),
 * not_ready (the facts don't support it yet; `reason` says what is missing).
 */
export const VerifiableTaskSchema = z.object({
  taskType: TaskTypeSchema,
  taskData: z.record(z.string(), z.unknown()),
  title: z.string(),
  status: z.enum(['ready', 'pending', 'verified', 'not_ready']),
  reason: z.string().nullable(),
  taskId: z.string().nullable(),
  transactionHash: z.string().nullable(),
  reward: z.object({ xp: z.number(), score: z.number(), scoreType: z.string() }),
});
export type VerifiableTask = z.infer<typeof VerifiableTaskSchema>;
export const VerifiableTasksResponseSchema = z.array(VerifiableTaskSchema);

/**
 * The ERC-8004 registration file of an agent (its tokenURI; `GET /api/nft/metadata/:id`): the ERC's
 * fields plus the marketplace's `external_url` and `attributes` (OpenSea metadata).
 */
export const RegistrationFileSchema = z.object({
  type: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  services: z.array(z.object({ name: z.string(), endpoint: z.string(), version: z.string().optional() })),
  x402Support: z.boolean(),
  active: z.boolean(),
  registrations: z.array(z.object({ agentId: z.number(), agentRegistry: z.string() })),
  supportedTrust: z.array(z.string()),
  external_url: z.string(),
  attributes: z.array(
    z.object({ trait_type: z.string(), value: z.union([z.string(), z.number()]), display_type: z.string().optional() }),
  ),
});

/** The validator's evidence for a validated task (`GET /api/validation/task/:key/response`, its responseURI). */
export const ValidationEvidenceSchema = z.object({
  requestHash: z.string(),
  validator: z.string(),
  response: z.number().int().min(0).max(100),
  tag: z.string(),
  checked: z.string(),
  facts: z.record(z.string(), z.unknown()),
  agentId: z.number().nullable(),
  validatedAt: z.string(),
  /** What the validator checked, each with its outcome and evidence (absent on older records). */
  checks: z.array(ValidationCheckSchema).optional(),
});
export type ValidationEvidence = z.infer<typeof ValidationEvidenceSchema>;

/** `POST /api/avatars/:id/claim`: the avatar's token now held by the user's linked wallet. */
export const ClaimResultSchema = z.object({
  id: z.number(),
  tokenId: z.number().nullable(),
  walletAddress: z.string().nullable(),
  transactionHash: z.string().nullable(),
});

/** `GET /api/wallet/nonce`: a single-use SIWE nonce and what the EIP-4361 message must say. */
export const SiweNonceSchema = z.object({
  nonce: z.string(),
  domain: z.string(),
  uri: z.string(),
  chainId: z.number(),
});

/** `POST /api/chain/faucet` (local chain only): the wallet's balance after the top-up, in ETH. */
export const FaucetResultSchema = z.object({ address: z.string(), balanceEth: z.string() });
