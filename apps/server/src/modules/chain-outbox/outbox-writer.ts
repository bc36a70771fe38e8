/**
 * The chain-write outbox's writer and reconciler (issue 12 part B, DESIGN §6, ADR 008).
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

import { and, eq } from 'drizzle-orm';
import { type Address, BaseError, formatEther, type Hash, type Hex, keccak256, type TransactionReceipt } from 'viem';
import type { Db } from '../../db/client';
import { chainIntents } from '../../db/schema';
import { isRevert, revertReason, shortError, transientReason } from '../../providers/chain/chain-errors';
import { type ChainService, ChainWriteError } from '../../providers/chain/chain-service';
import type { BuiltCall, ChainWriteQueue, WriteReceipt } from '../../providers/chain/types';
import { capFees, FeeCapError } from './outbox-fees';
import {
  assignNonceAndStore,
  ensureSigner,
  type IntentRow,
  insertIntent,
  intentById,
  lastPendingError,
  markBroadcast,
  type NewIntent,
  noteError,
  outboxCounts,
  queuedIntents,
  recentlyMined,
  requeueFromNonce,
  requeueIntent,
  type SignerRef,
  signedIntents,
  unconfirm,
} from './outbox-repository';

/** How one kind of intent becomes a call and what its receipt changes in the DB. */
export interface IntentKind {
  /**
   * The call to send, from the intent and the DB as it is now (e.g. the avatar's token id, known
   * once its mint confirmed). @throws PermanentIntentError when it can never be sent
   */
  build(db: Db, intent: IntentRow): Promise<BuiltCall>;
  /**
   * Applies a successful receipt, inside the transaction that marks the intent confirmed; `replay`
   * is true when it was confirmed before (a rollback undid it and it was mined again). Returns what
   * to store as the intent's `result`.
   */
  onConfirmed?(
    tx: Db,
    intent: IntentRow,
    receipt: TransactionReceipt,
    replay: boolean,
  ): Promise<Record<string, unknown> | undefined>;
  /** Records a revert (on chain or in simulation) on the business rows; reason is human-readable. */
  onFailed?(tx: Db, intent: IntentRow, reason: string): Promise<void>;
}

/**
 * The chain-write outbox attached to `chain` (the app attaches it at start), or null when the
 * service sends its writes directly (tools and tests that build a bare service).
 */
export function attachedOutbox(chain: ChainService): ChainOutbox | null {
  return chain.outbox instanceof ChainOutbox ? chain.outbox : null;
}

/** A build that can never succeed (e.g. the record it writes is gone). */
export class PermanentIntentError extends Error {}

/** Outbox status for /api/health and the admin page. Wei as decimal strings. */
export interface OutboxHealth {
  signer: Address;
  chainId: number;
  /** The signing key's balance; null when the RPC cannot be read. */
  balanceWei: string | null;
  /** True when the balance is below `lowBalanceWei` (chain writes will soon stop). */
  lowBalance: boolean;
  lowBalanceWei: string;
  rpcReachable: boolean;
  counts: Record<string, number>;
  /** Age of the oldest unfinished intent, ms (0 when none). */
  oldestPendingMs: number;
  /** The newest transient error among unfinished intents (e.g. RPC down, insufficient funds). */
  lastError: string | null;
}

export interface OutboxOptions {
  db: Db;
  chain: ChainService;
  kinds: Record<string, IntentKind>;
  log?: { info: (o: object, m?: string) => void; warn: (o: object, m?: string) => void };
  /** Writer tick, ms (default 250 on anvil, 2000 on Base). */
  tickMs?: number;
  /** Broadcast again when no receipt after this long, ms (default 3000 on anvil, 30000 on Base). */
  rebroadcastMs?: number;
  /** Reconcile mined intents this often, ms (default 30000). */
  reconcileMs?: number;
  /** Blocks below the head in which a receipt is re-checked (reorg depth; default 64). */
  reorgDepth?: number;
  /** Balance below which health reports low gas, wei (default: the chain service's, HOT_KEY_LOW_BALANCE_ETH). */
  lowBalanceWei?: bigint;
}

/** The outbox of one signing key. */
export class ChainOutbox implements ChainWriteQueue {
  readonly signer: SignerRef;
  private readonly db: Db;
  private readonly chain: ChainService;
  private readonly kinds: Record<string, IntentKind>;
  private readonly tickMs: number;
  private readonly rebroadcastMs: number;
  private readonly reconcileMs: number;
  private readonly reorgDepth: number;
  private readonly lowBalanceWei: bigint;
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
    this.rebroadcastMs = opts.rebroadcastMs ?? (local ? 3000 : 30_000);
    this.reconcileMs = opts.reconcileMs ?? 30_000;
    this.reorgDepth = opts.reorgDepth ?? 64;
    this.lowBalanceWei = opts.lowBalanceWei ?? opts.chain.lowBalanceWei;
    this.signer = { chainId: opts.chain.chain.id, address: opts.chain.account.toLowerCase() };
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
    await this.signQueued();
    await this.sendAndCollect();
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

  // --- writer -----------------------------------------------------------------------------------

  private async signQueued(): Promise<void> {
    const queued = await queuedIntents(this.db, this.signer);
    if (!queued.length) return;
    const inFlight = (await signedIntents(this.db, this.signer)).length > 0;
    let waitingOnChain = inFlight;
    for (const intent of queued) {
      if (intent.dependsOn) {
        const dep = await intentById(this.db, intent.dependsOn);
        if (dep && (dep.status === 'failed' || dep.status === 'reverted')) {
          await this.fail(intent, `depends on ${labelOf(dep)}, which failed: ${dep.error ?? 'no reason given'}`);
          continue;
        }
        if (dep?.status !== 'confirmed') continue;
      }
      const kind = this.kinds[intent.kind];
      if (!kind) {
        await this.fail(intent, `unknown intent kind ${intent.kind}`);
        continue;
      }
      let call: BuiltCall;
      let gas: bigint;
      let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
      try {
        call = await kind.build(this.db, intent);
        gas = await this.chain.publicClient.estimateGas({
          account: this.chain.account,
          to: call.to,
          data: call.data,
          value: call.value,
        });
        fees = await this.fees();
      } catch (err) {
        if (err instanceof PermanentIntentError) {
          await this.fail(intent, err.message);
          continue;
        }
        if (isRevert(err)) {
          // An earlier intent still in flight may be what this one needs: wait for it first.
          if (waitingOnChain) return;
          await this.fail(intent, revertReason(err));
          continue;
        }
        await noteError(this.db, intent.id, err instanceof FeeCapError ? err.message : transientReason(err));
        return; // RPC down, out of gas or fees above the cap: everything waits and is retried.
      }
      const pending = await this.chain.publicClient.getTransactionCount({
        address: this.chain.account,
        blockTag: 'pending',
      });
      const account = this.chain.wallet.account!;
      const stored = await assignNonceAndStore(
        this.db,
        this.signer,
        intent.id,
        pending,
        { to: call.to.toLowerCase(), data: call.data, valueWei: call.value.toString() },
        async (nonce) => {
          const rawTx = await account.signTransaction!({
            type: 'eip1559',
            chainId: this.signer.chainId,
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
  private async fees() {
    const block = await this.chain.publicClient.getBlock();
    const base = block.baseFeePerGas ?? 1_000_000_000n;
    const tip =
      this.chain.kind === 'anvil' ? 1_000_000_000n : await this.chain.publicClient.estimateMaxPriorityFeePerGas();
    return capFees(base, tip, this.chain.maxFeePerGasWei);
  }

  /** Broadcasts signed intents (in nonce order, none past the chain's next nonce) and records receipts. */
  private async sendAndCollect(): Promise<void> {
    const signed = await signedIntents(this.db, this.signer);
    if (!signed.length) return;
    let latest: number;
    let pending: number;
    try {
      [latest, pending] = await Promise.all([
        this.chain.publicClient.getTransactionCount({ address: this.chain.account, blockTag: 'latest' }),
        this.chain.publicClient.getTransactionCount({ address: this.chain.account, blockTag: 'pending' }),
      ]);
    } catch (err) {
      await noteError(this.db, signed[0]!.id, transientReason(err));
      return;
    }
    for (const intent of signed) {
      const hash = intent.txHash as Hash;
      const receipt = await this.receiptOf(hash);
      if (receipt) {
        await this.applyReceipt(intent, receipt);
        continue;
      }
      const nonce = intent.nonce!;
      if (nonce < latest) {
        // Its nonce is used on chain but not by it: it can never be mined. Sign it again.
        if (!(await this.txKnown(hash))) {
          await requeueIntent(
            this.db,
            intent.id,
            hash,
            `transaction ${hash} vanished (nonce ${nonce} used by another)`,
          );
          this.opts.log?.warn({ intent: intent.key, hash }, 'chain intent re-submitted: its transaction vanished');
        }
        continue;
      }
      if (nonce > pending) {
        // A nonce below it is on no chain and in no pool (lost before broadcast, or used elsewhere).
        if (!signed.some((s) => s.nonce === pending)) {
          const n = await requeueFromNonce(this.db, this.signer, pending);
          this.opts.log?.warn({ fromNonce: pending, intents: n }, 'chain outbox: nonce gap, re-signing');
          return;
        }
        break; // the missing one is being sent in this pass; the rest follow next tick
      }
      const due = !intent.broadcastAt || Date.now() - intent.broadcastAt.getTime() >= this.rebroadcastMs;
      if (!due) continue;
      let error: string | null = null;
      try {
        await this.chain.publicClient.sendRawTransaction({ serializedTransaction: intent.rawTx as Hex });
        if (nonce === pending) pending++;
      } catch (err) {
        const msg = shortError(err);
        if (/already known|known transaction|nonce too low|already imported/i.test(msg)) {
          if (nonce === pending) pending++;
        } else {
          error = transientReason(err);
        }
      }
      await markBroadcast(this.db, intent.id, error);
      if (error) return; // RPC down / no gas: retry on the next tick
    }
  }

  private async receiptOf(hash: Hash): Promise<TransactionReceipt | null> {
    try {
      return await this.chain.publicClient.getTransactionReceipt({ hash });
    } catch (err) {
      if (err instanceof BaseError && err.name === 'TransactionReceiptNotFoundError') return null;
      throw err;
    }
  }

  private async txKnown(hash: Hash): Promise<boolean> {
    try {
      await this.chain.publicClient.getTransaction({ hash });
      return true;
    } catch (err) {
      if (err instanceof BaseError && err.name === 'TransactionNotFoundError') return false;
      throw err;
    }
  }

  /** Marks the intent confirmed/reverted and applies it to the business rows, in one transaction. */
  private async applyReceipt(intent: IntentRow, receipt: TransactionReceipt): Promise<void> {
    const kind = this.kinds[intent.kind]!;
    const ok = receipt.status === 'success';
    const reason = ok ? null : await this.replayReason(intent, receipt);
    const replay = intent.confirmations > 0;
    await this.db.transaction(async (tx) => {
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
    if (!ok)
      this.opts.log?.warn({ intent: intent.key, hash: receipt.transactionHash, reason }, 'chain intent reverted');
  }

  private async replayReason(intent: IntentRow, receipt: TransactionReceipt): Promise<string> {
    try {
      await this.chain.publicClient.call({
        account: this.chain.account,
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

  private async fail(intent: IntentRow, reason: string): Promise<void> {
    const kind = this.kinds[intent.kind];
    await this.db.transaction(async (tx) => {
      const claimed = await tx
        .update(chainIntents)
        .set({ status: 'failed', error: reason, updatedAt: new Date() })
        .where(and(eq(chainIntents.id, intent.id), eq(chainIntents.status, 'queued')))
        .returning({ id: chainIntents.id });
      if (claimed.length) await kind?.onFailed?.(tx as unknown as Db, intent, reason);
    });
    this.opts.log?.warn({ intent: intent.key, reason }, 'chain intent failed');
  }

  // --- reconciler -------------------------------------------------------------------------------

  /**
   * Compares mined intents in the last `reorgDepth` blocks (and any above the head) with the chain:
   * a receipt the chain no longer has sends the intent back to `signed`, to be broadcast again.
   */
  async reconcile(): Promise<number> {
    const head = Number(await this.chain.publicClient.getBlockNumber());
    const candidates = await recentlyMined(this.db, this.signer, Math.max(0, head - this.reorgDepth));
    let undone = 0;
    for (const intent of candidates) {
      const receipt = intent.blockNumber! > head ? null : await this.receiptOf(intent.txHash as Hash);
      if (receipt && Number(receipt.blockNumber) === intent.blockNumber) continue;
      if (receipt) {
        // Mined again in another block (reorg): record the new receipt.
        await this.db
          .update(chainIntents)
          .set({ blockNumber: Number(receipt.blockNumber) })
          .where(eq(chainIntents.id, intent.id));
        continue;
      }
      if (await unconfirm(this.db, intent.id, intent.txHash!)) undone++;
    }
    if (undone) this.opts.log?.warn({ undone, head }, 'chain outbox: receipts lost (rollback/reorg); sending again');
    return undone;
  }
}

/** The readiness warning of a low signing-key balance (null when the balance is fine or unreadable). */
export function lowBalanceWarning(health: OutboxHealth): string | null {
  if (!health.lowBalance || health.balanceWei === null) return null;
  return `low gas: the signing key ${health.signer} holds ${formatEther(BigInt(health.balanceWei))} ETH, below ${formatEther(BigInt(health.lowBalanceWei))} ETH; fund it before chain writes stop`;
}

/** The generic kind: a stored call, nothing applied on confirmation (the waiting caller applies it). */
const rawCallKind: IntentKind = {
  async build(_db, intent) {
    const p = intent.params as { to: Address; data: Hex; value?: string };
    return { to: p.to, data: p.data, value: BigInt(p.value ?? '0') };
  },
};

function labelOf(row: IntentRow): string {
  const label = (row.params as { label?: string }).label;
  return label ?? row.key;
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
