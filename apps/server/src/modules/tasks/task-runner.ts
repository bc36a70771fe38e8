/**
 * Agent task queue and lifecycle. A task is an `on_chain_tasks` row: created PENDING (phase queued)
 * together with its job on the durable queue (`agent-tasks`, one transaction), executed by a worker
 * in whichever server process claims the job (phase running), checked by the platform validator
 * (phase validating: validation/), its evidence published and the score recorded in the ERC-8004
 * ValidationRegistry (phase recording), then CONFIRMED with the XP that score earns — or
 * FAILED_VALIDATION when the score is below VALIDATION_PASS_SCORE (no XP), or FAILED with the reason. At most `perUser` tasks of one
 * user run at once across all processes (pg-boss group concurrency, group = user); the rest wait in
 * order. A user can cancel a task that has not finished (the row is the truth: a worker checks it
 * between steps). A job whose process died is run again by the queue; on start-up, PENDING tasks
 * without a job (left by a version without the queue) are enqueued under a job id derived from the
 * task, so several processes starting at once enqueue each task once.
 *
 * The executors (one per task type) live in executors/, the chain recording in task-recording.ts.
 */
import { randomUUID } from 'node:crypto';
import { FAILED_VALIDATION, VALIDATION_PASS_SCORE, validatedXp } from '@app/domain/task-validation';
import type { TaskResult } from '@app/domain/tasks';
import { TASK_XP_REWARDS, XP_PER_LEVEL } from '@app/domain/training';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatars, onChainTasks } from '../../db/schema';
import { findUserWallet } from '../users/users-service';
import { executeTask } from './executors/index';
import { EMBEDDED_PRODUCER } from './executors/publish';
import { publishEvidence } from './task-evidence';
import { recordOnChain } from './task-recording';
import { describeTask, TASK_HEARTBEAT_SECONDS, TASKS_QUEUE, taskJobId, taskPrompt, toTaskResult } from './task-results';
import { type AvatarRow, Cancelled, type Outcome, type TaskRow, type TaskRunnerDeps } from './task-types';

export { TASK_HEARTBEAT_SECONDS, TASKS_QUEUE, taskJobId, toTaskResult } from './task-results';
export type { FarcasterSettings, TaskRunnerDeps } from './task-types';

/** How a task ends: its status, phase and what is stored with it. */
interface Finish {
  status: string;
  phase: string;
  data?: Record<string, unknown>;
  error?: string;
  contractAddress?: string;
  transactionHash?: string;
  blockNumber?: number;
  gasUsed?: string;
  /** XP the avatar earns, added to it in the same transaction that ends the task (once). */
  xp?: number;
}

export class TaskRunner {
  constructor(private readonly deps: TaskRunnerDeps) {}

  /** Declares the queue and its worker (called once at registration). */
  async register(): Promise<void> {
    // an executor failure is recorded on the task (FAILED) and never thrown: retries only cover a
    // process that died mid-task (its heartbeat stops: another process takes the job within ~30 s)
    await this.deps.jobs.define(TASKS_QUEUE, {
      retryLimit: 2,
      retryDelay: 5,
      expireInSeconds: 15 * 60,
      heartbeatSeconds: TASK_HEARTBEAT_SECONDS,
    });
    await this.deps.jobs.work<{ taskRowId: number }>(TASKS_QUEUE, (job) => this.run(job.data.taskRowId), {
      concurrency: Math.max(4, this.deps.perUser),
      groupConcurrency: this.deps.perUser,
    });
  }

  /** Creates a task for an avatar the caller already checked, and queues it. */
  async create(input: { userId: string; avatar: AvatarRow; taskType: string; prompt: string }): Promise<TaskResult> {
    const description = describeTask(input.taskType, input.prompt);
    const wallet =
      (await findUserWallet(this.deps.db, input.userId))?.toLowerCase() ??
      this.deps.chain?.account.toLowerCase() ??
      null;
    const row = await this.deps.db.transaction(async (tx) => {
      const [r] = await tx
        .insert(onChainTasks)
        .values({
          avatarId: input.avatar.id,
          taskId: `task:${randomUUID()}`,
          taskType: input.taskType,
          agentType: input.avatar.agentType,
          taskDescription: description,
          inputParameters: { prompt: input.prompt },
          status: 'PENDING',
          verificationMethod: 'agent-task+ERC-8004 validation',
          verificationData: { phase: 'queued' },
          userId: input.userId,
          walletAddress: wallet,
        })
        .returning();
      await this.enqueue(r!.id, input.userId, tx as unknown as Db);
      return r!;
    });
    return toTaskResult(row);
  }

  /**
   * Enqueues tasks left PENDING (queued or running) without a job. A task whose job exists is left
   * to it. @returns how many were enqueued
   */
  async resume(): Promise<number> {
    const rows = await this.deps.db
      .select()
      .from(onChainTasks)
      .where(
        and(
          eq(onChainTasks.status, 'PENDING'),
          sql`${onChainTasks.taskId} like 'task:%'`,
          sql`coalesce(${onChainTasks.verificationData}->>'phase', 'queued') in ('queued', 'running', 'validating', 'recording')`,
        ),
      )
      .orderBy(onChainTasks.id);
    let enqueued = 0;
    for (const r of rows) if (await this.enqueue(r.id, r.userId ?? 'unknown')) enqueued++;
    return enqueued;
  }

  /**
   * Cancels a task that has not finished. @returns the task, or null when it is not the user's
   * or already finished.
   */
  async cancel(taskRowId: number, userId: string): Promise<TaskResult | null> {
    const [row] = await this.deps.db.select().from(onChainTasks).where(eq(onChainTasks.id, taskRowId)).limit(1);
    if (!row || row.userId !== userId || row.status !== 'PENDING') return null;
    return this.finish(row, { status: 'FAILED', phase: 'cancelled', error: 'Cancelled by the user' });
  }

  /** Tasks of an avatar, newest first. */
  async listForAvatar(avatarId: number, limit = 20): Promise<TaskResult[]> {
    const rows = await this.deps.db
      .select()
      .from(onChainTasks)
      .where(and(eq(onChainTasks.avatarId, avatarId), sql`${onChainTasks.taskId} like 'task:%'`))
      .orderBy(desc(onChainTasks.id))
      .limit(limit);
    return rows.map(toTaskResult);
  }

  /** One agent task of an avatar, or null when the avatar has no such task. */
  async getForAvatar(taskRowId: number, avatarId: number): Promise<TaskResult | null> {
    const [row] = await this.deps.db
      .select()
      .from(onChainTasks)
      .where(
        and(
          eq(onChainTasks.id, taskRowId),
          eq(onChainTasks.avatarId, avatarId),
          sql`${onChainTasks.taskId} like 'task:%'`,
        ),
      )
      .limit(1);
    return row ? toTaskResult(row) : null;
  }

  /**
   * Stops this process's task worker (tasks keep their jobs; another process, or this one after a
   * restart, runs them). The app stops the whole queue on close; this is for callers that need no
   * background task work while they run (tests comparing the database).
   */
  async close(): Promise<void> {
    await this.deps.jobs.boss.offWork(TASKS_QUEUE);
  }

  /** Resolves when no task job is queued or running (tests). */
  async idle(): Promise<void> {
    await this.deps.jobs.drain([TASKS_QUEUE], 120_000);
  }

  /** Enqueues a task's job (inside `tx` when given). @returns false when its job exists already */
  private async enqueue(id: number, userId: string, tx?: Db): Promise<boolean> {
    const jobId = await this.deps.jobs.send(
      TASKS_QUEUE,
      { taskRowId: id },
      { id: taskJobId(id), group: { id: userId }, ...(tx ? { tx } : {}) },
    );
    return jobId !== null;
  }

  private async setPhase(row: TaskRow, phase: string) {
    await this.deps.db
      .update(onChainTasks)
      .set({
        verificationData: sql`coalesce(${onChainTasks.verificationData}, '{}'::jsonb) || ${JSON.stringify({ phase })}::jsonb`,
      })
      .where(eq(onChainTasks.id, row.id));
  }

  /** @throws Cancelled when the task is no longer PENDING (cancelled by its user, in any process). */
  private async checkCancelled(id: number) {
    const [r] = await this.deps.db
      .select({ status: onChainTasks.status })
      .from(onChainTasks)
      .where(eq(onChainTasks.id, id))
      .limit(1);
    if (r?.status !== 'PENDING') throw new Cancelled();
  }

  private async run(id: number): Promise<void> {
    const [row] = await this.deps.db.select().from(onChainTasks).where(eq(onChainTasks.id, id)).limit(1);
    if (row?.status !== 'PENDING') return;
    const [avatar] = await this.deps.db.select().from(avatars).where(eq(avatars.id, row.avatarId)).limit(1);
    if (!avatar) return;
    await this.setPhase(row, 'running');
    try {
      const outcome = await executeTask({
        deps: this.deps,
        row,
        avatar,
        prompt: taskPrompt(row),
        checkCancelled: () => this.checkCancelled(id),
      });
      await this.checkCancelled(id);
      if (!outcome.confirm) {
        await this.finish(row, {
          status: 'PENDING',
          phase: 'draft',
          data: outcome.verificationData,
          error: outcome.reason,
        });
        return;
      }
      await this.validateAndRecord(row, avatar, outcome);
    } catch (err) {
      if (err instanceof Cancelled) return;
      const reason = err instanceof Error ? err.message : String(err);
      this.deps.log?.warn({ err, taskRowId: id }, 'task failed');
      await this.finish(row, { status: 'FAILED', phase: 'failed', error: reason });
    }
  }

  /**
   * Checks the work (phase validating), publishes the evidence and records the score on chain (phase
   * recording), then ends the task: CONFIRMED with `xp × score / 100`, or FAILED_VALIDATION below
   * VALIDATION_PASS_SCORE — no XP, no reputation, the failing checks named.
   */
  private async validateAndRecord(row: TaskRow, avatar: AvatarRow, outcome: Outcome): Promise<void> {
    await this.setPhase(row, 'validating');
    // Loaded on the first validation: its checkers (html-validate, acorn, the AI SDK for acceptance
    // tests) would otherwise sit in every idle server (docs/deploy.md "Memory").
    const { validateWork } = await import('./validation/index');
    const validation = await validateWork({
      taskType: row.taskType,
      request: taskPrompt(row),
      work: outcome.work ?? { producer: EMBEDDED_PRODUCER },
      model: this.deps.model,
      sandbox: this.deps.sandbox,
    });
    await this.checkCancelled(row.id);
    await this.setPhase(row, 'recording');
    const evidence = await publishEvidence(this.deps, row, outcome, validation);
    const score = evidence.report.score;
    const xp = TASK_XP_REWARDS[row.taskType as keyof typeof TASK_XP_REWARDS] ?? 0;
    const recorded = await recordOnChain(this.deps, row, avatar, {
      xp,
      response: score,
      responseURI: evidence.url,
      responseHash: evidence.responseHash,
    });
    const passed = score >= VALIDATION_PASS_SCORE;
    const failing = evidence.report.checks.filter((c) => c.outcome !== 'passed').map((c) => c.description);
    await this.finish(row, {
      status: passed ? 'CONFIRMED' : FAILED_VALIDATION,
      phase: passed ? 'done' : 'failed_validation',
      data: {
        ...outcome.verificationData,
        ...recorded?.data,
        validation: evidence.report,
        evidenceUrl: evidence.url,
        responseHash: evidence.responseHash,
      },
      error: passed
        ? undefined
        : `The validator scored the work ${score}/100 (below ${VALIDATION_PASS_SCORE}); not passed: ${failing.join('; ')}`,
      contractAddress: outcome.contractAddress ?? recorded?.contractAddress,
      transactionHash: outcome.transactionHash ?? recorded?.transactionHash,
      blockNumber: outcome.blockNumber ?? recorded?.blockNumber,
      gasUsed: outcome.gasUsed ?? recorded?.gasUsed,
      xp: validatedXp(xp, score),
    });
  }

  /**
   * Ends a PENDING task (a finished one is left as it is) and, in the same transaction, adds its XP to
   * the avatar — so a re-run after a crash never counts the XP twice.
   */
  private async finish(row: TaskRow, f: Finish): Promise<TaskResult> {
    const data = { ...(f.data ?? {}), phase: f.phase, ...(f.error ? { error: f.error } : {}) };
    const updated = await this.deps.db.transaction(async (tx) => {
      const [u] = await tx
        .update(onChainTasks)
        .set({
          status: f.status,
          verificationData: sql`coalesce(${onChainTasks.verificationData}, '{}'::jsonb) || ${JSON.stringify(data)}::jsonb`,
          targetContract: f.contractAddress ?? row.targetContract,
          transactionHash: f.transactionHash ?? row.transactionHash,
          blockNumber: f.blockNumber ?? row.blockNumber,
          gasUsed: f.gasUsed ?? row.gasUsed,
          experienceEarned: f.xp ?? row.experienceEarned,
          completedAt: new Date(),
        })
        .where(and(eq(onChainTasks.id, row.id), eq(onChainTasks.status, 'PENDING')))
        .returning();
      if (u && f.xp) {
        await tx
          .update(avatars)
          .set({
            experiencePoints: sql`${avatars.experiencePoints} + ${f.xp}`,
            level: sql`1 + floor((${avatars.experiencePoints} + ${f.xp}) / ${XP_PER_LEVEL})::int`,
            updatedAt: new Date(),
          })
          .where(eq(avatars.id, row.avatarId));
      }
      return u;
    });
    return toTaskResult(updated ?? row);
  }
}
