/**
 * The outbox intent kinds of the chain module (ADR 008): how an avatar mint and a task record are
 * built into calls when the writer signs them, and what their receipts change in the DB. The token
 * id always comes from the receipt's AvatarMinted event, re-read on every (re-)confirmation, so a
 * rolled-back and re-mined mint never leaves a stale or duplicate id.
 */
import { XP_PER_LEVEL } from '@app/domain/training';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { type Address, encodeFunctionData, type Hex, keccak256, parseEventLogs, stringToHex } from 'viem';
import type { Db } from '../../db/client';
import { avatarEditions, avatars, onChainTasks } from '../../db/schema';
import { avatarNftAbi, taskRegistryAbi } from '../../providers/chain/abis';
import { AGENT_TYPE_INDEX, type ChainService, canonicalJson, taskIdOf } from '../../providers/chain/chain-service';
import { type IntentKind, PermanentIntentError } from '../chain-outbox/outbox-writer';

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

/** Params of a `task.record` intent (TaskRegistry.recordTask). */
export interface TaskRecordParams {
  rowId: number;
  taskKey: string;
  avatarId: number;
  taskType: string;
  data: unknown;
  xp: number;
  scores: { score: number; scoreType: string }[];
}

export const avatarMintKey = (avatarId: number) => `avatar.mint:${avatarId}`;
export const taskRecordKey = (taskKey: string) => `task.record:${taskKey}`;

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
            args: [p.to, BigInt(p.avatarId), AGENT_TYPE_INDEX[p.agentType], p.maxEditions, ''],
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

    'task.record': {
      async build(db, intent) {
        const p = intent.params as unknown as TaskRecordParams;
        const [avatar] = await db
          .select({ tokenId: avatars.tokenId })
          .from(avatars)
          .where(eq(avatars.id, p.avatarId))
          .limit(1);
        if (!avatar) throw new PermanentIntentError(`avatar ${p.avatarId} no longer exists`);
        if (avatar.tokenId === null) throw new PermanentIntentError(`avatar ${p.avatarId} has no token`);
        return {
          to: chain.addresses.taskRegistry,
          value: 0n,
          data: encodeFunctionData({
            abi: taskRegistryAbi,
            functionName: 'recordTask',
            args: [
              taskIdOf(p.taskKey),
              BigInt(avatar.tokenId),
              p.taskType,
              dataHashOf(p.data),
              BigInt(p.xp),
              p.scores.map((s) => ({ score: BigInt(s.score), scoreType: s.scoreType })),
            ],
          }),
        };
      },
      async onConfirmed(tx, intent, receipt, replay) {
        const p = intent.params as unknown as TaskRecordParams;
        const [avatar] = await tx
          .select({ tokenId: avatars.tokenId })
          .from(avatars)
          .where(eq(avatars.id, p.avatarId))
          .limit(1);
        await tx
          .update(onChainTasks)
          .set({
            status: 'CONFIRMED',
            transactionHash: receipt.transactionHash,
            blockNumber: Number(receipt.blockNumber),
            gasUsed: receipt.gasUsed.toString(),
            completedAt: new Date(),
            verificationData: {
              onChainTaskId: taskIdOf(p.taskKey),
              dataHash: dataHashOf(p.data),
              tokenId: avatar?.tokenId ?? null,
              contractAddress: chain.addresses.taskRegistry,
              reputation: p.scores,
            },
          })
          .where(eq(onChainTasks.id, p.rowId));
        // XP once: a re-confirmation after a rollback only refreshes the receipt fields.
        if (!replay) {
          await tx
            .update(avatars)
            .set({
              experiencePoints: sql`${avatars.experiencePoints} + ${p.xp}`,
              level: sql`1 + floor((${avatars.experiencePoints} + ${p.xp}) / ${XP_PER_LEVEL})::int`, // levelForXp in SQL
              updatedAt: new Date(),
            })
            .where(eq(avatars.id, p.avatarId));
        }
        return { taskId: taskIdOf(p.taskKey) };
      },
      async onFailed(tx, intent, reason) {
        const p = intent.params as unknown as TaskRecordParams;
        await tx
          .update(onChainTasks)
          .set({ status: 'FAILED', completedAt: new Date(), verificationData: { error: reason } })
          .where(eq(onChainTasks.id, p.rowId));
      },
    },
  };
}

/** keccak256 of the canonical JSON of task data (what TaskRegistry stores as dataHash). */
export const dataHashOf = (data: unknown): Hex => keccak256(stringToHex(canonicalJson(data)));
