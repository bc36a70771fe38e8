/**
 * Avatar lifecycle: rename / new description, and removal — archive or delete —
 * with what happens to the NFT spelled out before the user confirms.
 *
 * Chain metadata rule (docs/erc-8004.md): a token's on-chain `agentURI` points at its registration
 * file, which the server builds from the database on every read, so a new name or description shows
 * in `tokenURI` at once with no transaction; the URI itself never changes. An archived avatar's file
 * says `active: false`.
 */
import type { AvatarRemoval, UpdateAvatar } from '@app/domain/avatar';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-error';
import * as repo from './avatars-repository';
import { type AvatarRow, loadOwnedAvatar } from './avatars-service';

/**
 * Renames an avatar and/or changes its description.
 * @throws HttpError 404 (not found or archived) / 403 (someone else's)
 */
export async function updateAvatar(db: Db, avatarId: number, userId: string, patch: UpdateAvatar): Promise<AvatarRow> {
  await loadOwnedAvatar(db, avatarId, userId);
  return repo.updateAvatarText(db, avatarId, patch);
}

/** Words for a count: "1 skill listing", "2 skill listings". */
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Decides what removing `avatar` does, from the recorded facts (see AvatarRemovalSchema).
 * @param custodyAddress the platform's custody address (the hot key), to say who holds the token
 */
export function removalOf(avatar: AvatarRow, facts: repo.RemovalFacts, custodyAddress: string | null): AvatarRemoval {
  const onChain =
    avatar.tokenId !== null || facts.editions > 0 || facts.liveIntents > 0 || facts.tasksOnChain > 0 || facts.sales > 0;
  const holder =
    avatar.tokenId === null
      ? 'none'
      : custodyAddress && avatar.walletAddress?.toLowerCase() === custodyAddress.toLowerCase()
        ? 'custody'
        : 'wallet';
  const consequences: string[] = [];
  if (!onChain) {
    consequences.push(
      `Nothing of ${avatar.name} is on chain, so it is deleted for good with its chat history, skills and tasks.`,
    );
  } else {
    consequences.push(
      `${avatar.name} is archived: it leaves the marketplace, your avatar lists and its teams, and can no longer chat or run tasks.`,
    );
    if (holder === 'custody') {
      consequences.push(
        `Its NFT (token #${avatar.tokenId}) stays on chain in the platform's custody; the blockchain keeps its history.`,
      );
    } else if (holder === 'wallet') {
      consequences.push(
        `Its NFT (token #${avatar.tokenId}) stays in your wallet ${avatar.walletAddress}; the blockchain keeps its history.`,
      );
    } else {
      consequences.push('Its NFT mint is still on its way to the chain; it will exist there, owned as recorded.');
    }
    consequences.push("Its registration file (the token's agentURI) will say active: false.");
    if (facts.editionsHeldByOthers > 0) {
      consequences.push(`${plural(facts.editionsHeldByOthers, 'edition')} held by other people stay theirs.`);
    }
    if (facts.teams > 0) consequences.push(`It leaves ${plural(facts.teams, 'team')}.`);
  }
  const blockers: string[] = [];
  if (facts.activeListings > 0) {
    blockers.push(`Cancel its ${plural(facts.activeListings, 'active skill listing')} on SELL first.`);
  }
  if (facts.openOrders > 0) {
    blockers.push(
      `A purchase involving it is being processed (${plural(facts.openOrders, 'order')}); try again once it completes.`,
    );
  }
  if (facts.runningTasks > 0) {
    blockers.push(`Wait for its ${plural(facts.runningTasks, 'running task')} to finish, or cancel it.`);
  }
  return {
    action: onChain ? 'archive' : 'delete',
    tokenId: avatar.tokenId,
    holder,
    editionsHeldByOthers: facts.editionsHeldByOthers,
    consequences,
    blockers,
  };
}

/**
 * The removal preview of one of the user's avatars.
 * @throws HttpError 404 / 403 as loadOwnedAvatar
 */
export async function previewRemoval(
  db: Db,
  avatarId: number,
  userId: string,
  custodyAddress: string | null,
): Promise<AvatarRemoval> {
  const avatar = await loadOwnedAvatar(db, avatarId, userId);
  return removalOf(avatar, await repo.removalFacts(db, avatar), custodyAddress);
}

/**
 * Archives or deletes one of the user's avatars, as its preview says, under the avatar's row lock
 * (purchases take the same lock, so no order can slip in between the check and the removal).
 * @throws HttpError 404 / 403 as loadOwnedAvatar; 409 with the blockers in words
 */
export async function removeAvatar(
  db: Db,
  avatarId: number,
  userId: string,
  custodyAddress: string | null,
): Promise<{ id: number; action: AvatarRemoval['action'] }> {
  return db.transaction(async (tx) => {
    const avatar = await repo.lockAvatar(tx as unknown as Db, avatarId);
    if (!avatar?.isActive) throw notFound('Avatar');
    await loadOwnedAvatar(tx as unknown as Db, avatarId, userId);
    const removal = removalOf(avatar, await repo.removalFacts(tx as unknown as Db, avatar), custodyAddress);
    if (removal.blockers.length) throw new HttpError(409, removal.blockers.join(' '));
    if (removal.action === 'delete') await repo.deleteAvatar(tx as unknown as Db, avatarId);
    else await repo.archiveAvatar(tx as unknown as Db, avatarId);
    return { id: avatarId, action: removal.action };
  });
}
