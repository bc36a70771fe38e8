/**
 * Minting avatar NFTs (issue #4): creating an avatar mints its first edition to the owner's linked
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
import type { ChainService } from '../../providers/chain/chain-service';

/**
 * Mints the avatar's NFT if it has none yet; returns the (updated) row.
 * @throws ChainWriteError (502) when the chain refuses
 */
export async function ensureAvatarMinted(db: Db, chain: ChainService, avatarId: number) {
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
