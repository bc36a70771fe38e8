import { BaseError, type Hash, type Hex } from 'viem';
import { shortError, transientReason } from '../../providers/chain/chain-errors';
import { applyReceipt, receiptOf } from './outbox-receipts';
import { markBroadcast, noteError, requeueFromNonce, requeueIntent, signedIntents } from './outbox-repository';
import type { OutboxState } from './outbox-types';

/** Broadcasts signed intents (in nonce order, none past the chain's next nonce) and records receipts. */
export async function sendAndCollect(s: OutboxState): Promise<void> {
  const signed = await signedIntents(s.db, s.signer);
  if (!signed.length) return;
  let latest: number;
  let pending: number;
  try {
    [latest, pending] = await Promise.all([
      s.chain.publicClient.getTransactionCount({ address: s.chain.account, blockTag: 'latest' }),
      s.chain.publicClient.getTransactionCount({ address: s.chain.account, blockTag: 'pending' }),
    ]);
  } catch (err) {
    await noteError(s.db, signed[0]!.id, transientReason(err));
    return;
  }
  for (const intent of signed) {
    const hash = intent.txHash as Hash;
    const receipt = await receiptOf(s, hash);
    if (receipt) {
      await applyReceipt(s, intent, receipt);
      continue;
    }
    const nonce = intent.nonce!;
    if (nonce < latest) {
      // Its nonce is used on chain but not by it: it can never be mined. Sign it again.
      if (!(await txKnown(s, hash))) {
        await requeueIntent(s.db, intent.id, hash, `transaction ${hash} vanished (nonce ${nonce} used by another)`);
        s.log?.warn({ intent: intent.key, hash }, 'chain intent re-submitted: its transaction vanished');
      }
      continue;
    }
    if (nonce > pending) {
      // A nonce below it is on no chain and in no pool (lost before broadcast, or used elsewhere).
      if (!signed.some((s) => s.nonce === pending)) {
        const n = await requeueFromNonce(s.db, s.signer, pending);
        s.log?.warn({ fromNonce: pending, intents: n }, 'chain outbox: nonce gap, re-signing');
        return;
      }
      break; // the missing one is being sent in this pass; the rest follow next tick
    }
    const due = !intent.broadcastAt || Date.now() - intent.broadcastAt.getTime() >= s.rebroadcastMs;
    if (!due) continue;
    let error: string | null = null;
    try {
      await s.chain.publicClient.sendRawTransaction({ serializedTransaction: intent.rawTx as Hex });
      if (nonce === pending) pending++;
    } catch (err) {
      const msg = shortError(err);
      if (/already known|known transaction|nonce too low|already imported/i.test(msg)) {
        if (nonce === pending) pending++;
      } else {
        error = transientReason(err);
      }
    }
    await markBroadcast(s.db, intent.id, error);
    if (error) return; // RPC down / no gas: retry on the next tick
  }
}

/** True when the chain (or a pool) knows the transaction `hash`. */
async function txKnown(s: OutboxState, hash: Hash): Promise<boolean> {
  try {
    await s.chain.publicClient.getTransaction({ hash });
    return true;
  } catch (err) {
    if (err instanceof BaseError && err.name === 'TransactionNotFoundError') return false;
    throw err;
  }
}
