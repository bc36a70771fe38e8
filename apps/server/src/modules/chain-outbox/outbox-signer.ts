/**
 * The outbox's signer: builds, simulates and signs queued intents, storing each signed transaction
 * before it is broadcast (ADR 008).
 */
import { and, eq } from 'drizzle-orm';
import { keccak256 } from 'viem';
import type { Db } from '../../db/client';
import { chainIntents } from '../../db/schema';
import { isRevert, revertReason, transientReason } from '../../providers/chain/chain-errors';
import type { BuiltCall } from '../../providers/chain/types';
import { capFees, FeeCapError } from './outbox-fees';
import {
  assignNonceAndStore,
  type IntentRow,
  intentById,
  noteError,
  queuedIntents,
  signedIntents,
} from './outbox-repository';
import { labelOf, type OutboxState, PermanentIntentError } from './outbox-types';

/**
 * Signs the queued intents of the key in order: builds each call, simulates it (a revert fails the
 * intent with its reason, nothing is sent), then takes the nonce under the signer's row lock and
 * stores the signed transaction before anything is broadcast. A transient fault (RPC down, out of
 * gas, fees above the cap) is noted on the intent and everything waits for the next tick.
 */
export async function signQueued(s: OutboxState): Promise<void> {
  const queued = await queuedIntents(s.db, s.signer);
  if (!queued.length) return;
  const inFlight = (await signedIntents(s.db, s.signer)).length > 0;
  let waitingOnChain = inFlight;
  for (const intent of queued) {
    if (intent.dependsOn) {
      const dep = await intentById(s.db, intent.dependsOn);
      if (dep && (dep.status === 'failed' || dep.status === 'reverted')) {
        await failIntent(s, intent, `depends on ${labelOf(dep)}, which failed: ${dep.error ?? 'no reason given'}`);
        continue;
      }
      if (dep?.status !== 'confirmed') continue;
    }
    const kind = s.kinds[intent.kind];
    if (!kind) {
      await failIntent(s, intent, `unknown intent kind ${intent.kind}`);
      continue;
    }
    let call: BuiltCall;
    let gas: bigint;
    let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
    try {
      call = await kind.build(s.db, intent);
      gas = await s.chain.publicClient.estimateGas({
        account: s.chain.account,
        to: call.to,
        data: call.data,
        value: call.value,
      });
      fees = await feesFor(s);
    } catch (err) {
      if (err instanceof PermanentIntentError) {
        await failIntent(s, intent, err.message);
        continue;
      }
      if (isRevert(err)) {
        // An earlier intent still in flight may be what this one needs: wait for it first.
        if (waitingOnChain) return;
        await failIntent(s, intent, revertReason(err));
        continue;
      }
      await noteError(s.db, intent.id, err instanceof FeeCapError ? err.message : transientReason(err));
      return; // RPC down, out of gas or fees above the cap: everything waits and is retried.
    }
    const pending = await s.chain.publicClient.getTransactionCount({
      address: s.chain.account,
      blockTag: 'pending',
    });
    const account = s.chain.wallet.account!;
    const stored = await assignNonceAndStore(
      s.db,
      s.signer,
      intent.id,
      pending,
      { to: call.to.toLowerCase(), data: call.data, valueWei: call.value.toString() },
      async (nonce) => {
        const rawTx = await account.signTransaction!({
          type: 'eip1559',
          chainId: s.signer.chainId,
          nonce,
          to: call.to,
          data: call.data,
          value: call.value,
          gas: (gas * 12n) / 10n + 10_000n,
          ...fees,
        });
        return { rawTx, txHash: keccak256(rawTx) };
      },
    );
    if (stored) waitingOnChain = true;
  }
}

/**
 * EIP-1559 fees: maxFeePerGas = 2 × base fee + tip (room for two full blocks of rises), capped at the
 * chain service's maxFeePerGasWei (MAX_FEE_PER_GAS_GWEI), the tip never above the cap.
 * @throws FeeCapError while the base fee alone is above the cap (the intent waits, like an RPC outage)
 */
async function feesFor(s: OutboxState) {
  const block = await s.chain.publicClient.getBlock();
  const base = block.baseFeePerGas ?? 1_000_000_000n;
  const tip = s.chain.kind === 'anvil' ? 1_000_000_000n : await s.chain.publicClient.estimateMaxPriorityFeePerGas();
  return capFees(base, tip, s.chain.maxFeePerGasWei);
}

/** Marks a queued intent failed with `reason` and lets its kind record it, in one transaction. */
export async function failIntent(s: OutboxState, intent: IntentRow, reason: string): Promise<void> {
  const kind = s.kinds[intent.kind];
  await s.db.transaction(async (tx) => {
    const claimed = await tx
      .update(chainIntents)
      .set({ status: 'failed', error: reason, updatedAt: new Date() })
      .where(and(eq(chainIntents.id, intent.id), eq(chainIntents.status, 'queued')))
      .returning({ id: chainIntents.id });
    if (claimed.length) await kind?.onFailed?.(tx as unknown as Db, intent, reason);
  });
  s.log?.warn({ intent: intent.key, reason }, 'chain intent failed');
}
