/**
 * The outbox intent kinds of the chain module (ADR 008): how an avatar mint is
 * built into calls when the writer signs them, and what their receipts change in the DB. The token
 * id always comes from the receipt's AvatarMinted event, re-read on every (re-)confirmation, so a
 * rolled-back and re-mined mint never leaves a stale or duplicate id.
 */
import { and, eq, ne, or } from 'drizzle-orm';
import { type Address, encodeFunctionData, parseEventLogs } from 'viem';
import { avatarEditions, avatars } from '../../db/schema';
import { avatarNftAbi } from '../../providers/chain/abis';
import { AGENT_TYPE_INDEX, avatarMintKeyOf, type ChainService, taskIdOf } from '../../providers/chain/chain-service';
import type { IntentKind } from '../chain-outbox/outbox-writer';

/** Params of an `avatar.mint` intent. */
export interface AvatarMintParams {
  avatarId: number;
  ownerId: string;
  /** Checksummed recipient: the owner's linked wallet, else the platform custody address. */
  to: Address;
  agentType: keyof typeof AGENT_TYPE_INDEX;
  maxEditions: number;
  source: 'wallet' | 'custody';
}

export const avatarMintKey = (avatarId: number) => `avatar.mint:${avatarId}`;

/** The kinds to register on the outbox for `chain`. */
export function chainIntentKinds(chain: ChainService): Record<string, IntentKind> {
  return {
    'avatar.mint': {
      async build(_db, intent) {
        const p = intent.params as unknown as AvatarMintParams;
        return {
          to: chain.addresses.avatarNFT,
          value: 0n,
          data: encodeFunctionData({
            abi: avatarNftAbi,
            functionName: 'mint',
            // The on-chain idempotency key (ERC-8004 work): a re-submitted first mint reverts.
            args: [
              p.to,
              BigInt(p.avatarId),
              AGENT_TYPE_INDEX[p.agentType],
              p.maxEditions,
              '',
              taskIdOf(avatarMintKeyOf(p.ownerId, p.avatarId)),
            ],
          }),
        };
      },
      async onConfirmed(tx, intent, receipt) {
        const p = intent.params as unknown as AvatarMintParams;
        const [minted] = parseEventLogs({ abi: avatarNftAbi, logs: receipt.logs, eventName: 'AvatarMinted' });
        if (!minted) throw new Error(`mint ${receipt.transactionHash} emitted no AvatarMinted event`);
        const args = minted.args as { tokenId: bigint; edition: number };
        const tokenId = Number(args.tokenId);
        const edition = Number(args.edition);
        // The receipt is the truth: whoever held this id in the DB (a mint undone by a rollback and
        // not yet re-mined) loses it now and gets its own from its own receipt.
        await tx
          .update(avatars)
          .set({ tokenId: null, verificationStatus: 'pending' })
          .where(and(eq(avatars.tokenId, tokenId), ne(avatars.id, p.avatarId)));
        await tx
          .delete(avatarEditions)
          .where(
            or(
              eq(avatarEditions.tokenId, tokenId),
              eq(avatarEditions.transactionHash, receipt.transactionHash),
              and(eq(avatarEditions.avatarId, p.avatarId), eq(avatarEditions.edition, edition)),
            ),
          );
        await tx.insert(avatarEditions).values({
          avatarId: p.avatarId,
          tokenId,
          edition,
          holderAddress: p.to.toLowerCase(),
          userId: p.ownerId,
          source: p.source,
          transactionHash: receipt.transactionHash,
        });
        await tx
          .update(avatars)
          .set({
            tokenId,
            contractAddress: chain.addresses.avatarNFT,
            mintTxHash: receipt.transactionHash,
            walletAddress: p.to.toLowerCase(),
            verificationStatus: 'verified',
            updatedAt: new Date(),
          })
          .where(eq(avatars.id, p.avatarId));
        return { tokenId, edition };
      },
      async onFailed(tx, intent) {
        const p = intent.params as unknown as AvatarMintParams;
        await tx.update(avatars).set({ verificationStatus: 'failed' }).where(eq(avatars.id, p.avatarId));
      },
    },
  };
}
