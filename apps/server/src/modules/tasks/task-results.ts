/**
 * How an agent task row reads from outside (SPEC §3 Task result), its queue and job id, and the
 * description a new task gets.
 */
import { createHash } from 'node:crypto';
import { type TaskValidationReport, TaskValidationReportSchema } from '@app/domain/task-validation';
import { DEFAULT_ART_PROMPT, type TaskResult } from '@app/domain/tasks';
import type { TaskRow } from './task-types';

/** The queue of agent tasks; a job carries the task's row id. */
export const TASKS_QUEUE = 'agent-tasks';

/**
 * Seconds without a heartbeat after which a running task's job is given to another process (ours;
 * pg-boss's minimum is 10): the worker refreshes it every half of this while the task runs.
 */
export const TASK_HEARTBEAT_SECONDS = 20;

/** The job id of a task (a UUID derived from its row id): enqueueing it twice is a no-op. */
export function taskJobId(taskRowId: number): string {
  const h = createHash('sha256').update(`agent-task:${taskRowId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The user's request stored with a task (`inputParameters.prompt`), trimmed; '' when absent. */
export function taskPrompt(row: Pick<TaskRow, 'inputParameters'>): string {
  return String((row.inputParameters as { prompt?: string } | null)?.prompt ?? '').trim();
}

/** API shape of a task row (SPEC §3 Task result). */
export function toTaskResult(t: TaskRow): TaskResult {
  const v = (t.verificationData ?? {}) as Record<string, unknown>;
  return {
    id: t.id,
    avatarId: t.avatarId,
    taskId: t.taskId,
    taskType: t.taskType,
    description: t.taskDescription,
    status: t.status,
    phase: typeof v.phase === 'string' ? v.phase : 'queued',
    transactionHash: t.transactionHash,
    contractAddress: t.targetContract,
    blockNumber: t.blockNumber,
    verificationData: v,
    error: typeof v.error === 'string' ? v.error : null,
    validation: parseValidation(v.validation),
    experienceEarned: t.experienceEarned,
    createdAt: t.createdAt.toISOString(),
    completedAt: t.completedAt?.toISOString() ?? null,
  };
}

/** The stored validator report of a task (`verificationData.validation`), or null when absent or malformed. */
function parseValidation(raw: unknown): TaskValidationReport | null {
  const r = TaskValidationReportSchema.safeParse(raw);
  return r.success ? r.data : null;
}

/** The description a new task gets from its type and request (shown on the task card). */
export function describeTask(taskType: string, prompt: string): string {
  const p = prompt.length > 120 ? `${prompt.slice(0, 117)}...` : prompt;
  switch (taskType) {
    case 'mint_art_nft':
      return `Generate and mint artwork: ${p || DEFAULT_ART_PROMPT}`;
    case 'deploy_website':
      return `Build and deploy a website: ${p || 'landing page'}`;
    case 'farcaster_post':
      return `Draft and publish a Farcaster cast: ${p || 'update'}`;
    case 'code_project':
      return `Generate a runnable code project: ${p || 'starter app'}`;
    default:
      return p || taskType;
  }
}
