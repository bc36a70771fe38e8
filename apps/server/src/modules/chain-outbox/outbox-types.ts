/**
 * Types of the chain-write outbox (outbox-writer.ts) and the state its parts share: the signer
 * (outbox-signer.ts), the broadcaster (outbox-broadcaster.ts), the receipts (outbox-receipts.ts) and
 * the reconciler (outbox-reconciler.ts).
 */
import type { Address, Hex, TransactionReceipt } from 'viem';
import type { Db } from '../../db/client';
import type { ChainService } from '../../providers/chain/chain-service';
import type { BuiltCall } from '../../providers/chain/types';
import type { IntentRow, SignerRef } from './outbox-repository';

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

/** What the outbox's parts share: the key's signer row, the chain, the kinds and the settings. */
export interface OutboxState {
  db: Db;
  chain: ChainService;
  signer: SignerRef;
  kinds: Record<string, IntentKind>;
  /** Broadcast again when no receipt after this long, ms. */
  rebroadcastMs: number;
  /** Blocks below the head in which a receipt is re-checked. */
  reorgDepth: number;
  log?: OutboxOptions['log'];
}

/** The generic kind: a stored call, nothing applied on confirmation (the waiting caller applies it). */
export const rawCallKind: IntentKind = {
  async build(_db, intent) {
    const p = intent.params as { to: Address; data: Hex; value?: string };
    return { to: p.to, data: p.data, value: BigInt(p.value ?? '0') };
  },
};

/** How an intent is named in errors and logs: its label, else its key. */
export function labelOf(row: IntentRow): string {
  const label = (row.params as { label?: string }).label;
  return label ?? row.key;
}
