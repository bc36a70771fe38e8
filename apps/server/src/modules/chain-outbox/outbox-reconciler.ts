/**
 * The outbox's reconciler: compares the stored receipts with the chain, so a transaction lost in a
 * rollback or reorg is sent again and a re-mined one gets its new block.
 */
import { eq } from 'drizzle-orm';
import type { Hash } from 'viem';
import { chainIntents } from '../../db/schema';
import { receiptOf } from './outbox-receipts';
import { recentlyMined, unconfirm } from './outbox-repository';
import type { OutboxState } from './outbox-types';

/**
 * Compares mined intents in the last `reorgDepth` blocks (and any above the head) with the chain:
 * a receipt the chain no longer has sends the intent back to `signed`, to be broadcast again.
 */
export async function reconcile(s: OutboxState): Promise<number> {
  const head = Number(await s.chain.publicClient.getBlockNumber());
  const candidates = await recentlyMined(s.db, s.signer, Math.max(0, head - s.reorgDepth));
  let undone = 0;
  for (const intent of candidates) {
    const receipt = intent.blockNumber! > head ? null : await receiptOf(s, intent.txHash as Hash);
    if (receipt && Number(receipt.blockNumber) === intent.blockNumber) continue;
    if (receipt) {
      // Mined again in another block (reorg): record the new receipt.
      await s.db
        .update(chainIntents)
        .set({ blockNumber: Number(receipt.blockNumber) })
        .where(eq(chainIntents.id, intent.id));
      continue;
    }
    if (await unconfirm(s.db, intent.id, intent.txHash!)) undone++;
  }
  if (undone) s.log?.warn({ undone, head }, 'chain outbox: receipts lost (rollback/reorg); sending again');
  return undone;
}
