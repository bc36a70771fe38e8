/**
 * Agent tasks: what an avatar does when asked in chat — art NFTs, deployed sites,
 * Farcaster casts, code projects. Each is a recorded, verifiable task (SPEC §3 Task result).
 */
import { z } from 'zod';
import { TaskValidationReportSchema } from './task-validation';

/** Task types an avatar can execute (SPEC §2 previews: art/NFT, web deployment, replit creation, farcaster). */
export const AGENT_TASK_TYPES = ['mint_art_nft', 'deploy_website', 'farcaster_post', 'code_project'] as const;
export const AgentTaskTypeSchema = z.enum(AGENT_TASK_TYPES);
export type AgentTaskType = z.infer<typeof AgentTaskTypeSchema>;

/** SPEC §7: prompt fallback for art. */
export const DEFAULT_ART_PROMPT = 'Digital art NFT creation';
export const TASK_PROMPT_MAX = 2000;
/** Reason stored on a Farcaster task without credentials (the draft is kept, not lost). */
export const FARCASTER_DRAFT_REASON = 'draft saved: connect Farcaster to publish';

/**
 * Without a model the embedded engine makes a starter project from a template, not a program that
 * does what was asked (DESIGN §8); it says so in the project's README, the task result and the chat.
 */
export const EMBEDDED_CODE_DISCLAIMER = 'the embedded engine does not write programs for a request — configure a model';

/** "a starter command-line tool about …; the embedded engine does not write programs …". */
export function embeddedCodeSummary(built: string): string {
  return `${built}; ${EMBEDDED_CODE_DISCLAIMER}`;
}

/** `POST /api/avatars/:id/tasks` body. */
export const CreateAgentTaskSchema = z.object({
  taskType: AgentTaskTypeSchema,
  /** What the user asked for (the chat message or suggestion); empty → a type default. */
  prompt: z.string().trim().max(TASK_PROMPT_MAX).default(''),
});
export type CreateAgentTask = z.infer<typeof CreateAgentTaskSchema>;

/** SPEC §3 Task result; status CONFIRMED | PENDING | FAILED (SPEC §4 badge colours). */
export const TaskResultSchema = z.object({
  id: z.number(),
  avatarId: z.number(),
  taskId: z.string(),
  taskType: z.string(),
  description: z.string(),
  status: z.string(),
  /** queued | running | draft | done | failed | cancelled */
  phase: z.string(),
  transactionHash: z.string().nullable(),
  contractAddress: z.string().nullable(),
  blockNumber: z.number().nullable(),
  verificationData: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  /** What the validator found (checks, score, producer); null until the work has been checked. */
  validation: TaskValidationReportSchema.nullable(),
  experienceEarned: z.number(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TaskResult = z.infer<typeof TaskResultSchema>;

/** SPEC §4: CONFIRMED green, PENDING yellow, anything else red. */
export function taskBadgeColor(status: string): 'green' | 'yellow' | 'red' {
  if (status === 'CONFIRMED') return 'green';
  if (status === 'PENDING') return 'yellow';
  return 'red';
}

/** Which preview a task type gets (SPEC §2). */
export function previewKind(taskType: string): 'art' | 'site' | 'cast' | 'code' | null {
  if (taskType === 'mint_art_nft' || taskType === 'generate_image') return 'art';
  if (taskType === 'deploy_website') return 'site';
  if (taskType === 'farcaster_post') return 'cast';
  if (taskType === 'code_project') return 'code';
  return null;
}
