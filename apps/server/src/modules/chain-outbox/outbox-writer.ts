/**
 * The chain-write outbox's writer and reconciler (DESIGN §6, ADR 008).
 *
 * A request never signs: it inserts an intent (`enqueue`, in its own DB transaction). The writer, one
 * per signing key, then for each intent in order:
 * 1. builds the call from the intent (the kind's `build`, reading the DB as it is now) and simulates
 *    it — a revert there marks the intent `failed` with the reason, and nothing is sent;
 * 2. takes the nonce under a row lock, signs locally and stores the raw transaction and its hash
 *    (`signed`) in one DB transaction — BEFORE broadcasting;
 * 3. broadcasts (again after `rebroadcastMs` until a receipt exists; only up to the chain's next
 *    nonce, so no gapped transaction waits in a pool);
 * 4. records the receipt (`confirmed` / `reverted` with the reason) and applies it to the business
 *    rows in the same DB transaction (the kind's `onConfirmed` / `onFailed`).
 * The reconciler (on start and every `reconcileMs`) compares stored intents with the chain: a mined
 * intent whose receipt vanished (local chain rolled back, reorg) goes back to `signed` and is sent
 * again; a signed intent whose nonce another transaction used is signed again with a new nonce; a
 * nonce gap re-signs everything above it. Token ids always come from the receipt, re-read on every
 * (re-)confirmation.
 *
 * Two server processes may run this at once: signing holds the signer's row lock, every state
 * change is a conditional UPDATE, and broadcasting the same raw transaction twice is harmless.
 * Transient faults (RPC down, key out of gas) leave intents where they are with `error` set and are
 * retried on the next tick; `health()` reports them.
 */

import { formatEther, type Hash } from 'viem';
import type { Db } from '../../db/client';
import type { ChainService } from '../../providers/chain/chain-service';
import { ChainWriteError } from '../../providers/chain/chain-service';
import type { BuiltCall, ChainWriteQueue, WriteReceipt } from '../../providers/chain/types';
import { sendAndCollect } from './outbox-broadcaster';
import { reconcile } from './outbox-reconciler';
import {
  ensureSigner,
  type IntentRow,
  insertIntent,
  intentById,
  lastPendingError,
  type NewIntent,
  outboxCounts,
  type SignerRef,
} from './outbox-repository';
import { signQueued } from './outbox-signer';
import {
  type IntentKind,
  labelOf,
  type OutboxHealth,
  type OutboxOptions,
  type OutboxState,
  rawCallKind,
} from './outbox-types';

export { type IntentKind, type OutboxHealth, type OutboxOptions, PermanentIntentError } from './outbox-types';

/**
 * The chain-write outbox attached to `chain` (the app attaches it at start), or null when the
 * service sends its writes directly (tools and tests that build a bare service).
 */
export function attachedOutbox(chain: ChainService): ChainOutbox | null {
  return chain.outbox instanceof ChainOutbox ? chain.outbox : null;
}

/** The outbox of one signing key. */
export class ChainOutbox implements ChainWriteQueue {
  readonly signer: SignerRef;
  private readonly db: Db;
  private readonly chain: ChainService;
  private readonly kinds: Record<string, IntentKind>;
  private readonly tickMs: number;
  private readonly reconcileMs: number;
  private readonly lowBalanceWei: bigint;
  /** What the signer, broadcaster, receipts and reconciler share. */
  private readonly state: OutboxState;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private lastReconcile = 0;
  private initialised = false;
  private closed = false;

  constructor(private readonly opts: OutboxOptions) {
    this.db = opts.db;
    this.chain = opts.chain;
    this.kinds = { call: rawCallKind, ...opts.kinds };
    const local = opts.chain.kind === 'anvil';
    this.tickMs = opts.tickMs ?? (local ? 250 : 2000);
    this.reconcileMs = opts.reconcileMs ?? 30_000;
    this.lowBalanceWei = opts.lowBalanceWei ?? opts.chain.lowBalanceWei;
    this.signer = { chainId: opts.chain.chain.id, address: opts.chain.account.toLowerCase() };
    this.state = {
      db: this.db,
      chain: this.chain,
      signer: this.signer,
      kinds: this.kinds,
      rebroadcastMs: opts.rebroadcastMs ?? (local ? 3000 : 30_000),
      reorgDepth: opts.reorgDepth ?? 64,
      log: opts.log,
    };
  }

  /**
   * Records an intent; call it with the transaction of the business change (`tx`). Idempotent by
   * `key`. The writer picks it up on its next tick (`kick()` to hurry it after the commit).
   */
  enqueue(tx: Db, intent: NewIntent): Promise<IntentRow> {
    if (!this.kinds[intent.kind]) throw new Error(`outbox: unknown intent kind ${intent.kind}`);
    return insertIntent(tx, this.signer, intent);
  }

  /** Starts the periodic writer (the first tick reconciles everything). */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.kick(), this.tickMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the writer and waits for the running tick. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Runs a tick soon (coalesced: at most one running and one waiting per process). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.tick()
      .catch((err) => this.opts.log?.warn({ err }, 'chain outbox tick failed; retrying'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** One pass: reconcile when due, sign queued intents, broadcast and collect receipts. */
  async tick(): Promise<void> {
    if (!this.initialised) {
      const pending = await this.chain.publicClient.getTransactionCount({
        address: this.chain.account,
        blockTag: 'pending',
      });
      await ensureSigner(this.db, this.signer, pending);
      this.initialised = true;
    }
    if (Date.now() - this.lastReconcile >= this.reconcileMs) {
      await this.reconcile();
      this.lastReconcile = Date.now();
    }
    await signQueued(this.state);
    await sendAndCollect(this.state);
  }

  /**
   * Runs ticks until nothing is queued or signed (or `timeoutMs` passes); for tests and shutdown.
   * @returns true when the outbox is empty
   */
  async drain(timeoutMs = 60_000): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      await this.running?.catch(() => undefined);
      await this.tick();
      const { counts } = await outboxCounts(this.db, this.signer);
      if (counts.queued === 0 && counts.signed === 0) return true;
      await sleep(50);
    }
    return false;
  }

  /**
   * Waits until the intent is confirmed, kicking the writer meanwhile.
   * @returns the confirmed row
   * @throws ChainWriteError when it reverted or failed (with the reason), or is still pending after `timeoutMs`
   */
  async waitFor(intentId: number, timeoutMs = 120_000): Promise<IntentRow> {
    const end = Date.now() + timeoutMs;
    const pollMs = this.chain.kind === 'anvil' ? 50 : 500;
    let seen = '';
    for (;;) {
      const row = await intentById(this.db, intentId);
      if (!row) throw new ChainWriteError(`chain intent ${intentId} does not exist`);
      if (row.status === 'confirmed') return row;
      if (row.status === 'reverted' || row.status === 'failed') {
        throw new ChainWriteError(`${labelOf(row)} reverted: ${row.error ?? 'no reason given'}`);
      }
      if (Date.now() >= end) {
        throw new ChainWriteError(`${labelOf(row)} is still pending${row.error ? ` (${row.error})` : ''}`);
      }
      // While this process's ticks move the intent on (signed, then broadcast, then confirmed), look
      // again as soon as a tick ends rather than after a full poll; when they do not (another process
      // holds the key, the RPC is down), poll, so the loop never spins on the database. The row is
      // what decides either way.
      const state = `${row.status}:${row.broadcastAt?.getTime() ?? ''}`;
      const moved = state !== seen;
      seen = state;
      this.kick();
      const ticking = this.running;
      if (moved && ticking) await Promise.race([ticking, sleep(pollMs)]);
      else await sleep(pollMs);
    }
  }

  /**
   * A raw contract call through the outbox, waited for (ChainService.write's path): recorded,
   * signed, stored, broadcast and confirmed like any intent. @throws ChainWriteError as `waitFor`
   */
  async submitAndWait(call: BuiltCall & { label: string; key?: string }): Promise<WriteReceipt> {
    const intent = await this.enqueue(this.db, {
      key: call.key ?? `call:${crypto.randomUUID()}`,
      kind: 'call',
      params: { to: call.to, data: call.data, value: call.value.toString(), label: call.label },
    });
    this.kick();
    const done = await this.waitFor(intent.id);
    const receipt = await this.chain.publicClient.getTransactionReceipt({ hash: done.txHash as Hash });
    return {
      transactionHash: receipt.transactionHash,
      blockNumber: Number(receipt.blockNumber),
      gasUsed: receipt.gasUsed.toString(),
      receipt,
    };
  }

  /** Health of this signing key's outbox (for /api/health and the admin page). Never throws. */
  async health(): Promise<OutboxHealth> {
    let balance: bigint | null = null;
    try {
      balance = await this.chain.publicClient.getBalance({ address: this.chain.account });
    } catch {
      balance = null;
    }
    const { counts, oldestPending } = await outboxCounts(this.db, this.signer);
    return {
      signer: this.chain.account,
      chainId: this.signer.chainId,
      balanceWei: balance === null ? null : balance.toString(),
      lowBalance: balance !== null && balance < this.lowBalanceWei,
      lowBalanceWei: this.lowBalanceWei.toString(),
      rpcReachable: balance !== null,
      counts,
      oldestPendingMs: oldestPending ? Date.now() - oldestPending.getTime() : 0,
      lastError: await lastPendingError(this.db, this.signer),
    };
  }

  /**
   * Compares mined intents in the last `reorgDepth` blocks (and any above the head) with the chain:
   * a receipt the chain no longer has sends the intent back to `signed`, to be broadcast again.
   */
  reconcile(): Promise<number> {
    return reconcile(this.state);
  }
}

/** The readiness warning of a low signing-key balance (null when the balance is fine or unreadable). */
export function lowBalanceWarning(health: OutboxHealth): string | null {
  if (!health.lowBalance || health.balanceWei === null) return null;
  return `low gas: the signing key ${health.signer} holds ${formatEther(BigInt(health.balanceWei))} ETH, below ${formatEther(BigInt(health.lowBalanceWei))} ETH; fund it before chain writes stop`;
}

/** Resolves after `ms` milliseconds. */
function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
