/**
 * The avatar detail (SPEC §3 Avatar detail, §7 GET /api/avatar-details/{id}):
 * the marketplace avatar plus stats, jobs and achievements, every figure computed from what is
 * recorded about the avatar — nothing is stored as a figure or hard-coded:
 * - stats and achievements: `computeAvatarStats` / `unlockAchievements` of @app/domain/achievements
 *   over its facts — finished `on_chain_tasks` (CONFIRMED = successful job, FAILED = failed job),
 *   `training_interactions` (successRating, XP), sales (completed `skill_transactions` of its
 *   listings, in ETH, and its editions sold through the marketplace, `avatar_editions.price_wei`)
 *   and its first recorded edition (minted on chain);
 * - jobs: its latest finished tasks (title = task type in words, client = the wallet that asked,
 *   earnings = XP earned, rating = reputation score of the validated task, ERC-8004 Validation Registry)
 *   with the validator's report and evidence file of an agent task;
 * - owner: as on the listing (marketplace-service.ts `toOwner`).
 * USD figures use the price service's rate, which the detail names (`usdPerEth`, `priceSource`).
 */
import { type AvatarFacts, computeAvatarStats, unlockAchievements } from '@app/domain/achievements';
import { taskTypeTitle } from '@app/domain/blockchain';
import { shortenAddress } from '@app/domain/format';
import { type AvatarDetail, type AvatarJob, DETAIL_JOBS_LIMIT } from '@app/domain/marketplace';
import { ethToUsd, ethToWei, formatUsdRate, weiToEth } from '@app/domain/pricing';
import { readValidationReport, validationEvidenceUri } from '@app/domain/task-validation';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import {
  SOLD_EDITION_SOURCES,
  selectAvatarFacts,
  selectAvatarWithOwner,
  selectOwnerCounts,
  selectRecentJobs,
} from './marketplace-repository';
import { loadSkills, priceFields, toOwner } from './marketplace-service';
import type { PriceService } from './price-service';

/** Sum of the reputation scores a task's verification recorded (`verificationData.reputation`), or null. */
function reputationScore(data: unknown): number | null {
  const list = (data as { reputation?: unknown } | null)?.reputation;
  if (!Array.isArray(list)) return null;
  const scores = list.map((r) => (r as { score?: unknown })?.score).filter((s): s is number => typeof s === 'number');
  return scores.length ? scores.reduce((a, b) => a + b, 0) : null;
}

/** Wei from a stored `price_wei` string; malformed values count as 0 (never throw on a bad row). */
function weiOf(value: string): bigint {
  return /^\d+$/.test(value) ? BigInt(value) : 0n;
}

const SOLD = new Set<string>(SOLD_EDITION_SOURCES);

/**
 * The detail of one avatar.
 * @throws HttpError 404 'Avatar not found' for an unknown id
 */
export async function getAvatarDetail(db: Db, prices: PriceService, avatarId: number): Promise<AvatarDetail> {
  const row = await selectAvatarWithOwner(db, avatarId);
  // An archived avatar has left the marketplace: its page is gone too.
  if (!row?.avatar.isActive) throw notFound('Avatar');
  const { avatar, owner } = row;
  const quote = await prices.quote();
  const facts = await selectAvatarFacts(db, avatarId);
  const jobs = await selectRecentJobs(db, avatarId, DETAIL_JOBS_LIMIT);
  const owners = await selectOwnerCounts(db, [owner.id]);
  const skills = await loadSkills(db, [avatarId], quote.rate);

  const editions = [...facts.editions].sort((a, b) => a.at.getTime() - b.at.getTime());
  const avatarFacts: AvatarFacts = {
    tasks: facts.tasks.map((t) => ({
      status: t.status,
      requestedAt: t.createdAt,
      completedAt: t.completedAt,
      xp: t.xp,
    })),
    interactions: facts.interactions.map((i) => ({ at: i.at, rating: i.rating, xp: i.xp })),
    sales: [
      ...facts.skillSales.map((s) => ({ at: s.at, priceWei: ethToWei(s.price) })),
      ...editions.filter((e) => SOLD.has(e.source)).map((e) => ({ at: e.at, priceWei: weiOf(e.priceWei) })),
    ],
    mintedAt: editions[0]?.at ?? null,
  };
  const stats = computeAvatarStats(avatarFacts);

  const price = avatar.priceEth === null ? null : priceFields(avatar.priceEth, quote.rate);
  return {
    id: avatar.id,
    name: avatar.name,
    description: avatar.description,
    thumbnailUrl: avatar.thumbnailUrl,
    edition: avatar.edition,
    maxEditions: avatar.maxEditions,
    level: avatar.level,
    experiencePoints: avatar.experiencePoints,
    totalInteractions: avatar.totalInteractions,
    featured: avatar.featured,
    priceEth: price?.priceEth ?? null,
    priceWei: price?.priceWei ?? null,
    priceUsd: price?.priceUsd ?? null,
    skills: skills.get(avatarId) ?? [],
    owner: toOwner(owner, owners.get(owner.id)),
    verificationStatus: avatar.verificationStatus === 'verified' ? 'verified' : 'pending',
    category: avatar.category,
    agentType: avatar.agentType,
    stats: {
      totalJobs: stats.totalJobs,
      successfulJobs: stats.successfulJobs,
      averageRating: stats.averageRating,
      ratingCount: stats.ratingCount,
      totalEarnings: weiToEth(stats.totalEarningsWei),
      totalEarningsUsd: ethToUsd(stats.totalEarningsWei, quote.rate),
      responseTime: stats.responseTime,
    },
    jobs: jobs.map(
      (j): AvatarJob => ({
        id: j.taskId,
        title: taskTypeTitle(j.taskType),
        client: j.walletAddress ? shortenAddress(j.walletAddress) : 'UNKNOWN',
        description: j.description,
        earnings: j.xp,
        earningsUnit: 'XP',
        rating: reputationScore(j.verificationData),
        completedDate: (j.completedAt ?? j.createdAt).toISOString(),
        status: j.status === 'CONFIRMED' ? 'successful' : 'failed',
        transactionHash: j.transactionHash,
        validation: readValidationReport(j.verificationData),
        evidenceUri: validationEvidenceUri(j.taskId, j.verificationData),
      }),
    ),
    achievements: unlockAchievements(avatarFacts),
    usdPerEth: formatUsdRate(quote.rate),
    priceSource: quote.source,
    tokenId: avatar.tokenId,
    contractAddress: avatar.contractAddress,
    createdAt: avatar.createdAt.toISOString(),
  };
}
