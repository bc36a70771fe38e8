/**
 * Minting avatar NFTs: creating an avatar mints its first edition to the owner's linked
 * wallet, or to the platform's custody address until the owner links a wallet and claims it.
 * tokenId, contract address and mint transaction come from the receipt.
 */
import type { AgentType } from '@app/domain/avatar';
import { eq } from 'drizzle-orm';
import { type Address, getAddress } from 'viem';
import type { Db } from '../../db/client';
import { avatarEditions, avatars, users } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { avatarNftAbi } from '../../providers/chain/abis';
import { avatarMintKeyOf, type ChainService, ChainWriteError } from '../../providers/chain/chain-service';
import { attachedOutbox } from '../chain-outbox/outbox-writer';
import { type AvatarMintParams, avatarMintKey } from './chain-intents';

/**
 * Records the avatar's mint as an outbox intent (ADR 008), in the caller's transaction `tx` — the
 * one that creates the avatar, or any that needs it minted. Idempotent: one intent per avatar.
 * The NFT goes to the owner's linked wallet, else to the platform's custody address.
 * @returns the intent row (maybe already confirmed)
 */
export async function enqueueAvatarMint(tx: Db, chain: ChainService, avatarId: number) {
  const outbox = attachedOutbox(chain);
  if (!outbox) throw new Error('enqueueAvatarMint: the chain outbox is not attached');
  const [row] = await tx
    .select({ avatar: avatars, wallet: users.walletAddress })
    .from(avatars)
    .innerJoin(users, eq(users.id, avatars.ownerId))
    .where(eq(avatars.id, avatarId))
    .limit(1);
  if (!row) throw notFound('Avatar');
  const params: AvatarMintParams = {
    avatarId,
    ownerId: row.avatar.ownerId,
    to: (row.wallet ? getAddress(row.wallet) : chain.account) as Address,
    agentType: row.avatar.agentType as AgentType,
    maxEditions: row.avatar.maxEditions,
    source: row.wallet ? 'wallet' : 'custody',
  };
  return outbox.enqueue(tx, { key: avatarMintKey(avatarId), kind: 'avatar.mint', params: { ...params } });
}

/**
 * Mints the avatar's NFT if it has none yet and waits for the receipt; returns the (updated) row.
 * Through the outbox when attached (the mint intent is shared with any pending one).
 * @throws ChainWriteError (502) when the chain refuses or the mint is still pending after 2 minutes
 */
export async function ensureAvatarMinted(db: Db, chain: ChainService, avatarId: number) {
  const outbox = attachedOutbox(chain);
  if (outbox) {
    const [current] = await db.select().from(avatars).where(eq(avatars.id, avatarId)).limit(1);
    if (!current) throw notFound('Avatar');
    if (current.tokenId !== null) return current;
    const intent = await enqueueAvatarMint(db, chain, avatarId);
    outbox.kick();
    await outbox.waitFor(intent.id);
    const [minted] = await db.select().from(avatars).where(eq(avatars.id, avatarId)).limit(1);
    if (!minted || minted.tokenId === null) {
      throw new ChainWriteError(`avatar ${avatarId}'s mint is confirmed but its token is not recorded`);
    }
    return minted;
  }
  const [row] = await db
    .select({ avatar: avatars, wallet: users.walletAddress })
    .from(avatars)
    .innerJoin(users, eq(users.id, avatars.ownerId))
    .where(eq(avatars.id, avatarId))
    .limit(1);
  if (!row) throw notFound('Avatar');
  if (row.avatar.tokenId !== null) return row.avatar;
  const to = (row.wallet ? getAddress(row.wallet) : chain.account) as Address;
  const minted = await chain.mintAvatar({
    mintKey: avatarMintKeyOf(row.avatar.ownerId, avatarId),
    to,
    avatarId,
    agentType: row.avatar.agentType as AgentType,
    maxEditions: row.avatar.maxEditions,
  });
  await db
    .insert(avatarEditions)
    .values({
      avatarId,
      tokenId: minted.tokenId,
      edition: minted.edition,
      holderAddress: to.toLowerCase(),
      userId: row.avatar.ownerId,
      source: row.wallet ? 'wallet' : 'custody',
      transactionHash: minted.transactionHash,
    })
    // The chain is the truth: a token id can only repeat if the local chain was reset under an old DB.
    .onConflictDoUpdate({
      target: avatarEditions.tokenId,
      set: {
        avatarId,
        edition: minted.edition,
        holderAddress: to.toLowerCase(),
        transactionHash: minted.transactionHash,
      },
    });
  const [updated] = await db
    .update(avatars)
    .set({
      tokenId: minted.tokenId,
      contractAddress: chain.addresses.avatarNFT,
      mintTxHash: minted.transactionHash,
      walletAddress: to.toLowerCase(),
      verificationStatus: 'verified',
      updatedAt: new Date(),
    })
    .where(eq(avatars.id, avatarId))
    .returning();
  return updated!;
}

/**
 * Moves an avatar NFT held in custody to the owner's linked wallet (POST /api/avatars/:id/claim).
 * @throws HttpError 400 without a linked wallet, 409 when it is not in custody
 */
export async function claimAvatar(db: Db, chain: ChainService, avatarId: number, userId: string) {
  const [row] = await db
    .select({ avatar: avatars, wallet: users.walletAddress })
    .from(avatars)
    .innerJoin(users, eq(users.id, avatars.ownerId))
    .where(eq(avatars.id, avatarId))
    .limit(1);
  if (!row) throw notFound('Avatar');
  if (row.avatar.ownerId !== userId) throw new HttpError(403, 'This avatar belongs to someone else');
  if (!row.wallet) throw new HttpError(400, 'Link a wallet before claiming your avatar');
  const minted = row.avatar.tokenId === null ? await ensureAvatarMinted(db, chain, avatarId) : row.avatar;
  const holder = await chain.ownerOf(minted.tokenId!);
  const wallet = getAddress(row.wallet);
  if (holder === wallet) return { ...minted, transactionHash: minted.mintTxHash };
  if (holder !== chain.account) throw new HttpError(409, 'This NFT is not held in custody');
  const tx = await chain.transferFromCustody(minted.tokenId!, wallet);
  // The series was created by custody: from now on royalties and edition sales pay the owner.
  await chain.write({
    address: chain.addresses.avatarNFT,
    abi: avatarNftAbi,
    functionName: 'setSeriesCreator',
    args: [BigInt(avatarId), wallet],
  });
  await db
    .update(avatarEditions)
    .set({ holderAddress: wallet.toLowerCase() })
    .where(eq(avatarEditions.tokenId, minted.tokenId!));
  const [updated] = await db
    .update(avatars)
    .set({ walletAddress: wallet.toLowerCase(), updatedAt: new Date() })
    .where(eq(avatars.id, avatarId))
    .returning();
  return { ...updated!, transactionHash: tx.transactionHash };
}
