/**
 * The claims a user could verify for one of their avatars, so the verification form
 * offers real finished tasks instead of asking for a task type and hand-written JSON. Every candidate
 * goes through `checkClaim`, the same rule the verification itself applies, so a listed `ready` task
 * verifies and a `not_ready` one says in words what is missing.
 */
import { TASK_REWARDS, type TaskType, type VerifiableTask, verificationStatusOf } from '@app/domain/blockchain';
import { BOUGHT_EDITION_SOURCES } from '@app/domain/nft';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatarEditions, avatarSkills, onChainTasks, skills, skillTransactions, teamMembers } from '../../db/schema';
import type { AvatarRow } from '../avatars/avatars-service';
import { ClaimRefused, checkClaim } from './verification-service';

/** How many recent trades and purchases are offered per type. */
const RECENT_TRADES = 10;

interface Candidate {
  taskType: TaskType;
  taskData: Record<string, unknown>;
  /** Shown when the claim is refused and the refusal has nothing better to say. */
  fallbackTitle: string;
}

/** The claims worth offering for `avatar`: one per team, trained skill, trade and purchase, plus the fixed ones. */
async function candidatesOf(db: Db, avatar: AvatarRow, userId: string): Promise<Candidate[]> {
  const [memberships, trained, trades, editions] = await Promise.all([
    db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.avatarId, avatar.id))
      .orderBy(teamMembers.joinedAt),
    db
      .select({ skillId: skills.id, name: skills.name })
      .from(avatarSkills)
      .innerJoin(skills, eq(skills.id, avatarSkills.skillId))
      .where(eq(avatarSkills.avatarId, avatar.id))
      .orderBy(desc(avatarSkills.proficiency)),
    db
      .select({ hash: skillTransactions.transactionHash })
      .from(skillTransactions)
      .where(
        and(
          eq(skillTransactions.status, 'completed'),
          or(eq(skillTransactions.buyerId, userId), eq(skillTransactions.sellerId, userId)),
        ),
      )
      .orderBy(desc(skillTransactions.id))
      .limit(RECENT_TRADES),
    db
      .select({ hash: avatarEditions.transactionHash })
      .from(avatarEditions)
      .where(and(eq(avatarEditions.userId, userId), inArray(avatarEditions.source, [...BOUGHT_EDITION_SOURCES])))
      .orderBy(desc(avatarEditions.id))
      .limit(RECENT_TRADES),
  ]);
  const list: Candidate[] = [{ taskType: 'avatar_create', taskData: {}, fallbackTitle: `Created ${avatar.name}` }];
  if (memberships.length) {
    for (const m of memberships)
      list.push({ taskType: 'team_join', taskData: { teamId: m.teamId }, fallbackTitle: 'Joined a team' });
  } else {
    list.push({ taskType: 'team_join', taskData: {}, fallbackTitle: 'Join a team' });
  }
  if (trained.length) {
    for (const s of trained) {
      list.push({ taskType: 'skill_learn', taskData: { skillId: s.skillId }, fallbackTitle: `Learn ${s.name}` });
    }
  } else {
    list.push({ taskType: 'skill_learn', taskData: {}, fallbackTitle: 'Learn a skill' });
  }
  list.push({ taskType: 'training_complete', taskData: {}, fallbackTitle: 'Complete training' });
  for (const t of trades) {
    if (t.hash)
      list.push({ taskType: 'skill_trade', taskData: { transactionHash: t.hash }, fallbackTitle: 'Skill trade' });
  }
  for (const e of editions) {
    list.push({
      taskType: 'marketplace_transaction',
      taskData: { transactionHash: e.hash },
      fallbackTitle: 'Marketplace purchase',
    });
  }
  return list;
}

/**
 * Lists the avatar's verifiable claims, ready ones first, then pending, verified and not ready.
 * The caller has checked that `avatar` belongs to `userId` (loadOwnedAvatar).
 */
export async function listVerifiableTasks(db: Db, avatar: AvatarRow, userId: string): Promise<VerifiableTask[]> {
  const candidates = await candidatesOf(db, avatar, userId);
  const checked = await Promise.all(
    candidates.map(async (c) => {
      try {
        const claim = await checkClaim(db, avatar, userId, c.taskType, c.taskData);
        return { c, claim, reason: null };
      } catch (err) {
        if (err instanceof ClaimRefused) return { c, claim: null, reason: err.message };
        throw err;
      }
    }),
  );
  // The same claim can come from two candidates (e.g. a skill named twice): keep the first.
  const seen = new Set<string>();
  const unique = checked.filter(({ claim }) => !claim || (!seen.has(claim.taskKey) && seen.add(claim.taskKey)));
  const keys = unique.flatMap(({ claim }) => (claim ? [claim.taskKey] : []));
  const recorded = keys.length
    ? await db
        .select({ taskId: onChainTasks.taskId, status: onChainTasks.status, hash: onChainTasks.transactionHash })
        .from(onChainTasks)
        .where(inArray(onChainTasks.taskId, keys))
    : [];
  const byKey = new Map(recorded.map((r) => [r.taskId, r]));
  const order = { ready: 0, pending: 1, verified: 2, not_ready: 3 } as const;
  return unique
    .map(({ c, claim, reason }): VerifiableTask => {
      const reward = TASK_REWARDS[c.taskType];
      if (!claim) {
        return {
          taskType: c.taskType,
          taskData: c.taskData,
          title: c.fallbackTitle,
          status: 'not_ready',
          reason,
          taskId: null,
          transactionHash: null,
          reward,
        };
      }
      const row = byKey.get(claim.taskKey);
      const status = row ? verificationStatusOf(row.status) : null;
      return {
        taskType: c.taskType,
        // The normalised data the verification will hash (e.g. the skill's id and name).
        taskData: c.taskType === 'skill_learn' ? { skillId: claim.data.skillId } : c.taskData,
        title: claim.description,
        status: status === 'verified' ? 'verified' : status === 'pending' ? 'pending' : 'ready',
        reason: null,
        taskId: claim.taskKey,
        transactionHash: row?.hash ?? null,
        reward,
      };
    })
    .sort((a, b) => order[a.status] - order[b.status]);
}
