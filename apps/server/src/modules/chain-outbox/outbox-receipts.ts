/**
 * The outbox's receipts: reads a transaction's receipt and records it — confirmed or reverted, with
 * the reason — together with its effect on the business rows, in one DB transaction.
 */
import { and, eq } from 'drizzle-orm';
import { type Address, BaseError, type Hash, type Hex, type TransactionReceipt } from 'viem';
import type { Db } from '../../db/client';
import { chainIntents } from '../../db/schema';
import { revertReason } from '../../providers/chain/chain-errors';
import type { IntentRow } from './outbox-repository';
import type { OutboxState } from './outbox-types';

/** The receipt of `hash`, or null when the chain has none. */
export async function receiptOf(s: OutboxState, hash: Hash): Promise<TransactionReceipt | null> {
  try {
    return await s.chain.publicClient.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof BaseError && err.name === 'TransactionReceiptNotFoundError') return null;
    throw err;
  }
}

export async function applyReceipt(s: OutboxState, intent: IntentRow, receipt: TransactionReceipt): Promise<void> {
  const kind = s.kinds[intent.kind]!;
  const ok = receipt.status === 'success';
  const reason = ok ? null : await replayReason(s, intent, receipt);
  const replay = intent.confirmations > 0;
  await s.db.transaction(async (tx) => {
    const claimed = await tx
      .update(chainIntents)
      .set({
        status: ok ? 'confirmed' : 'reverted',
        blockNumber: Number(receipt.blockNumber),
        gasUsed: receipt.gasUsed.toString(),
        error: reason,
        confirmations: intent.confirmations + 1,
        confirmedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(chainIntents.id, intent.id),
          eq(chainIntents.status, 'signed'),
          eq(chainIntents.txHash, receipt.transactionHash),
        ),
      )
      .returning({ id: chainIntents.id });
    if (!claimed.length) return; // another process recorded it
    if (ok) {
      const result = await kind.onConfirmed?.(tx as unknown as Db, intent, receipt, replay);
      if (result) await tx.update(chainIntents).set({ result }).where(eq(chainIntents.id, intent.id));
    } else {
      await kind.onFailed?.(tx as unknown as Db, intent, reason!);
    }
  });
  if (!ok) s.log?.warn({ intent: intent.key, hash: receipt.transactionHash, reason }, 'chain intent reverted');
}

/** Why a mined transaction reverted: the call replayed on the block before it. */
async function replayReason(s: OutboxState, intent: IntentRow, receipt: TransactionReceipt): Promise<string> {
  try {
    await s.chain.publicClient.call({
      account: s.chain.account,
      to: intent.toAddress as Address,
      data: intent.data as Hex,
      value: BigInt(intent.valueWei),
      blockNumber: receipt.blockNumber - 1n,
    });
    return 'reverted on chain';
  } catch (err) {
    return revertReason(err);
  }
}
