/**
 * Task verification (SPEC §7 POST /api/blockchain/verify-task). A claim is checked
 * against recorded facts before anything goes on chain; a true one becomes an ERC-8004 validation: the
 * platform requests validation of the avatar's task (payload served at requestURI, hashed into
 * requestHash), the platform validator answers 100 with the evidence at responseURI, and AvatarNFT awards
 * the XP that follows the validated response. The receipt is stored in `on_chain_tasks`. A false or repeated claim
 * writes nothing. The unique task key (`on_chain_tasks.task_id`) is claimed by an insert before the
 * transaction is sent, so concurrent identical claims record once.
 */
import {
  canRecordVerificationUnder,
  describeTaskDataIssues,
  TASK_REWARDS,
  TaskDataSchemas,
  type TaskType,
  TRAINING_MILESTONE,
  UNLINKED_WALLET_ERROR,
  type VerificationRecord,
  verificationStatusOf,
} from '@app/domain/blockchain';
import { BOUGHT_EDITION_SOURCES } from '@app/domain/nft';
import { readValidationReport, validationEvidenceUri } from '@app/domain/task-validation';
import { XP_PER_LEVEL } from '@app/domain/training';
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatEther } from 'viem';
import type { Db } from '../../db/client';
import {
  avatarEditions,
  avatarSkills,
  avatars,
  onChainTasks,
  skills,
  skillTransactions,
  teamMembers,
  teams,
  trainingInteractions,
} from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { type ChainService, validationRequestOf } from '../../providers/chain/chain-service';
import { type AvatarRow, loadOwnedAvatar } from '../avatars/avatars-service';
import { findUserWallet } from '../users/users-service';
import { ensureAvatarMinted } from './mint-service';
import { claimEvidence } from './validation-evidence';

/** avatar_editions.source values of editions bought on the marketplace (by wallet or by card). */
export const PURCHASED_EDITION_SOURCES = ['marketplace', 'card'] as const;

/** A claim the recorded facts do not support; answered as `{success:false, error}`. */
export class ClaimRefused extends Error {}

interface CheckedClaim {
  /** Unique human-readable key; its keccak256 is the on-chain task id. */
  taskKey: string;
  description: string;
  /** Normalised task data stored with the record and hashed on chain. */
  data: Record<string, unknown>;
}

/** Decides whether the facts support the claim (one rule per task type, below). @throws ClaimRefused */
export async function checkClaim(
  db: Db,
  avatar: AvatarRow,
  userId: string,
  taskType: TaskType,
  rawData: unknown,
): Promise<CheckedClaim> {
  const parsed = TaskDataSchemas[taskType].safeParse(rawData ?? {});
  if (!parsed.success) {
    throw new ClaimRefused(describeTaskDataIssues(taskType, parsed.error.issues));
  }
  const data = parsed.data as Record<string, unknown>;
  switch (taskType) {
    case 'avatar_create':
      return {
        taskKey: `avatar_create:${avatar.id}`,
        description: `Created avatar ${avatar.name}`,
        data: { avatarId: avatar.id },
      };

    case 'team_join': {
      const teamId = data.teamId as number | undefined;
      const [m] = await db
        .select({ teamId: teamMembers.teamId, teamName: teams.name, role: teamMembers.role })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(and(eq(teamMembers.avatarId, avatar.id), teamId ? eq(teamMembers.teamId, teamId) : undefined))
        .orderBy(teamMembers.joinedAt)
        .limit(1);
      if (!m)
        throw new ClaimRefused(
          teamId ? `${avatar.name} is not a member of team ${teamId}` : `${avatar.name} has not joined a team`,
        );
      return {
        taskKey: `team_join:${avatar.id}:${m.teamId}`,
        description: `${avatar.name} joined team ${m.teamName}${m.role ? ` as ${m.role}` : ''}`,
        data: { teamId: m.teamId, role: m.role },
      };
    }

    case 'skill_learn': {
      const rows = await db
        .select({ skillId: skills.id, name: skills.name, proficiency: avatarSkills.proficiency })
        .from(avatarSkills)
        .innerJoin(skills, eq(skills.id, avatarSkills.skillId))
        .where(
          and(
            eq(avatarSkills.avatarId, avatar.id),
            data.skillId ? eq(skills.id, data.skillId as number) : undefined,
            data.skillName ? sql`lower(${skills.name}) = lower(${data.skillName as string})` : undefined,
          ),
        );
      const trained = [];
      for (const r of rows) {
        const [t] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(trainingInteractions)
          .where(
            and(
              eq(trainingInteractions.avatarId, avatar.id),
              eq(trainingInteractions.skillId, r.skillId),
              gt(trainingInteractions.experienceGained, 0),
            ),
          );
        if ((t?.n ?? 0) > 0 && r.proficiency > 1) trained.push(r);
      }
      if (!trained.length) {
        const which = (data.skillName as string | undefined) ?? rows[0]?.name ?? 'any skill';
        throw new ClaimRefused(`No training of ${which} is recorded for ${avatar.name}: practise it in chat first`);
      }
      const s = trained.sort((a, b) => b.proficiency - a.proficiency)[0]!;
      const milestone = Math.floor(s.proficiency / 10);
      return {
        taskKey: `skill_learn:${avatar.id}:${s.skillId}:${milestone}`,
        description: `${avatar.name} reached ${s.name} proficiency ${s.proficiency}`,
        data: { skillId: s.skillId, skillName: s.name, proficiency: s.proficiency },
      };
    }

    case 'training_complete': {
      const [t] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(trainingInteractions)
        .where(eq(trainingInteractions.avatarId, avatar.id));
      const n = t?.n ?? 0;
      if (n < TRAINING_MILESTONE) {
        throw new ClaimRefused(`${avatar.name} needs ${TRAINING_MILESTONE} training interactions; ${n} recorded`);
      }
      const milestone = Math.floor(n / TRAINING_MILESTONE);
      return {
        taskKey: `training_complete:${avatar.id}:${milestone}`,
        description: `${avatar.name} completed ${milestone * TRAINING_MILESTONE} training interactions`,
        data: { interactions: milestone * TRAINING_MILESTONE },
      };
    }

    case 'skill_trade':
    case 'marketplace_transaction': {
      const hash = String(data.transactionHash).toLowerCase();
      const [tx] = await db
        .select()
        .from(skillTransactions)
        .where(
          and(
            sql`lower(${skillTransactions.transactionHash}) = ${hash}`,
            eq(skillTransactions.status, 'completed'),
            or(eq(skillTransactions.buyerId, userId), eq(skillTransactions.sellerId, userId)),
          ),
        )
        .limit(1);
      if (!tx && taskType === 'marketplace_transaction') {
        // An edition bought on the marketplace (wallet or card) is a marketplace transaction too.
        const [edition] = await db
          .select({ tokenId: avatarEditions.tokenId, priceWei: avatarEditions.priceWei })
          .from(avatarEditions)
          .where(
            and(
              sql`lower(${avatarEditions.transactionHash}) = ${hash}`,
              eq(avatarEditions.userId, userId),
              inArray(avatarEditions.source, [...BOUGHT_EDITION_SOURCES]),
            ),
          )
          .limit(1);
        if (edition) {
          return {
            taskKey: `${taskType}:${hash}`,
            description: `Bought edition token #${edition.tokenId} for ${formatEther(BigInt(edition.priceWei))} ETH`,
            data: { transactionHash: hash, tokenId: edition.tokenId, priceWei: edition.priceWei },
          };
        }
      }
      if (!tx) {
        throw new ClaimRefused(
          `No completed ${taskType === 'skill_trade' ? 'skill trade' : 'marketplace purchase or sale'} of yours is recorded under ${hash.slice(0, 10)}…${hash.slice(-4)}. Pick one from your finished tasks.`,
        );
      }
      return {
        taskKey: `${taskType}:${hash}`,
        description: `Trade ${hash.slice(0, 10)}… for ${tx.price} ETH`,
        data: { transactionHash: hash, skillId: tx.skillId, price: tx.price },
      };
    }
  }
}

export interface VerifyResult {
  success: boolean;
  taskId?: string;
  reputationGained?: number;
  transactionHash?: string;
  error?: string;
}

/**
 * Verifies a claim end to end. Never throws for a refused claim: returns `{success:false, error}`.
 * The record goes under `walletAddress` only when it is the user's linked (SIWE-verified) wallet or
 * the shared demo address (so XP cannot be farmed); any other address is refused before anything is written.
 * @throws HttpError 404/403 for an avatar that is not the user's
 */
export async function verifyTask(
  db: Db,
  chain: ChainService,
  input: { userId: string; avatarId: number; taskType: TaskType; taskData: unknown; walletAddress: string },
  appOrigin = 'http://localhost',
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<VerifyResult> {
  const avatar = await loadOwnedAvatar(db, input.avatarId, input.userId);
  if (!canRecordVerificationUnder(input.walletAddress, await findUserWallet(db, input.userId))) {
    return { success: false, error: UNLINKED_WALLET_ERROR };
  }
  let claim: CheckedClaim;
  try {
    claim = await checkClaim(db, avatar, input.userId, input.taskType, input.taskData);
  } catch (err) {
    if (err instanceof ClaimRefused) return { success: false, error: err.message };
    throw err;
  }
  const reward = TASK_REWARDS[input.taskType];
  const inserted = await db
    .insert(onChainTasks)
    .values({
      avatarId: avatar.id,
      taskId: claim.taskKey,
      taskType: input.taskType,
      agentType: avatar.agentType,
      taskDescription: claim.description,
      targetContract: chain.addresses.validationRegistry,
      functionCalled: 'validationRequest+validationResponse',
      inputParameters: claim.data,
      status: 'PENDING',
      verificationMethod: 'facts+ERC-8004 validation',
      experienceEarned: reward.xp,
      userId: input.userId,
      walletAddress: input.walletAddress.toLowerCase(),
    })
    .onConflictDoNothing({ target: onChainTasks.taskId })
    .returning({ id: onChainTasks.id });
  if (!inserted.length) {
    return {
      success: false,
      error: `This task is already verified on chain: ${claim.description} (${claim.taskKey}).`,
    };
  }
  const rowId = inserted[0]!.id;
  try {
    const minted = await ensureAvatarMinted(db, chain, avatar.id);
    const key = encodeURIComponent(claim.taskKey);
    const request = validationRequestOf({
      taskKey: claim.taskKey,
      tokenId: minted.tokenId!,
      taskType: input.taskType,
      data: claim.data,
    });
    // the evidence served at responseURI, hashed into responseHash (stored, served byte for byte)
    const evidence = claimEvidence({
      requestHash: request.requestHash,
      validator: chain.account,
      tag: input.taskType,
      checked: claim.description,
      facts: claim.data,
      agentId: minted.tokenId!,
      validatedAt: new Date().toISOString(),
    });
    const responseURI = `${appOrigin}/api/validation/task/${key}/response`;
    const r = await chain.validateTask({
      taskKey: claim.taskKey,
      tokenId: minted.tokenId!,
      taskType: input.taskType,
      data: claim.data,
      xp: reward.xp,
      response: evidence.response,
      requestURI: `${appOrigin}/api/validation/task/${key}/request`,
      responseURI,
      responseHash: evidence.responseHash,
    });
    await db.transaction(async (tx) => {
      await tx
        .update(onChainTasks)
        .set({
          status: 'CONFIRMED',
          transactionHash: r.transactionHash,
          blockNumber: r.blockNumber,
          gasUsed: r.gasUsed,
          completedAt: new Date(),
          verificationData: {
            requestHash: r.requestHash,
            responseHash: r.responseHash,
            validationRequest: request.payload,
            validationResponse: evidence.response,
            responseURI,
            evidence: evidence.evidence,
            requestTxHash: r.requestTxHash,
            tokenId: minted.tokenId,
            contractAddress: chain.addresses.validationRegistry,
            reputation: [{ score: reward.score, scoreType: reward.scoreType }],
          },
        })
        .where(eq(onChainTasks.id, rowId));
      await tx
        .update(avatars)
        .set({
          experiencePoints: sql`${avatars.experiencePoints} + ${reward.xp}`,
          level: sql`1 + floor((${avatars.experiencePoints} + ${reward.xp}) / ${XP_PER_LEVEL})::int`, // levelForXp in SQL
          updatedAt: new Date(),
        })
        .where(eq(avatars.id, avatar.id));
    });
    return { success: true, taskId: claim.taskKey, reputationGained: reward.score, transactionHash: r.transactionHash };
  } catch (err) {
    // Nothing was recorded on chain (the write threw before or at its receipt): release the key.
    await db.delete(onChainTasks).where(eq(onChainTasks.id, rowId));
    // Users get a sentence; the chain's own message (RPC, revert) goes to the log.
    log?.warn({ err, taskKey: claim.taskKey }, 'task verification write failed');
    return {
      success: false,
      error: 'The blockchain did not confirm the verification, so nothing was recorded. Please try again in a minute.',
    };
  }
}

/**
 * SPEC §3 Verification records of a wallet, newest first; an agent task's record carries the
 * validator's report and where its evidence file is.
 */
export async function userHistory(db: Db, walletAddress: string, limit = 100): Promise<VerificationRecord[]> {
  const rows = await db
    .select({ t: onChainTasks, avatarName: avatars.name })
    .from(onChainTasks)
    .innerJoin(avatars, eq(avatars.id, onChainTasks.avatarId))
    .where(eq(onChainTasks.walletAddress, walletAddress.toLowerCase()))
    .orderBy(desc(onChainTasks.createdAt), desc(onChainTasks.id))
    .limit(limit);
  return rows.map(({ t, avatarName }) => toVerificationRecord(t, avatarName));
}

export function toVerificationRecord(t: typeof onChainTasks.$inferSelect, avatarName?: string): VerificationRecord {
  const v = (t.verificationData ?? {}) as { reputation?: { score: number; scoreType: string }[] };
  return {
    taskId: t.taskId,
    taskType: t.taskType,
    status: verificationStatusOf(t.status),
    timestamp: (t.completedAt ?? t.createdAt).toISOString(),
    transactionHash: t.transactionHash,
    blockNumber: t.blockNumber,
    gasUsed: t.gasUsed,
    reputation: v.reputation ?? [],
    taskData: t.inputParameters ?? {},
    avatarId: t.avatarId,
    avatarName,
    experienceEarned: t.experienceEarned,
    validation: readValidationReport(t.verificationData),
    evidenceUri: validationEvidenceUri(t.taskId, t.verificationData),
  };
}

/**
 * A task the platform validated, with what was hashed into its ERC-8004 requestHash.
 * @throws HttpError 404 when no validated task has this key
 */
export async function findValidatedTask(db: Db, taskKey: string) {
  const [row] = await db.select().from(onChainTasks).where(eq(onChainTasks.taskId, taskKey)).limit(1);
  const v = (row?.verificationData ?? {}) as {
    validationRequest?: { agentId?: number };
    requestHash?: string;
    tokenId?: number;
  };
  if (!row || !v.validationRequest || !v.requestHash) throw new HttpError(404, 'Validation not found');
  // The agent is the one named in the hashed request (an artwork task's `tokenId` is the artwork's).
  const agentId = v.validationRequest.agentId ?? v.tokenId ?? null;
  return { row, validationRequest: v.validationRequest, requestHash: v.requestHash, tokenId: agentId };
}
