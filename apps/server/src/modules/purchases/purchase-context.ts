/**
 * What the purchase modules share: their dependencies, the card-failure error, the
 * outcome and answer shapes, the queue names and timings, and {@link PurchaseContext} — the
 * database, the Marketplace view of the chain (null with CHAIN=none), the buyer's linked wallet and
 * the USD price of an amount.
 */
import { weiToUsdCents } from '@app/domain/pricing';
import type { PurchaseResult } from '@app/domain/purchases';
import type { FastifyBaseLogger } from 'fastify';
import { type Address, getAddress } from 'viem';
import type { Database, Db } from '../../db/client';
import { HttpError, unavailable } from '../../lib/http-error';
import type { Jobs } from '../../plugins/jobs';
import type { ChainService } from '../../providers/chain/chain-service';
import type { PaymentProvider } from '../../providers/payments/types';
import type { cardSaleEntry } from '../earnings/earnings-ledger';
import type { Answer } from './idempotency';
import { MarketChain } from './market-chain';
import type { AvatarRow, ListingRow } from './purchases-repository';
import * as repo from './purchases-repository';

/** A refused card charge, answered 402 with its code (see CardFailureSchema). */
export class CardFailureError extends Error {
  /** A decline is the key's final answer (replayed to it); a retryable error is not. */
  get final() {
    return this.code === 'card_declined';
  }
  readonly statusCode = 402;
  constructor(
    message: string,
    readonly code: 'card_declined' | 'processing_error',
  ) {
    super(message);
    this.name = 'CardFailureError';
  }
  get retryable() {
    return this.code === 'processing_error';
  }
  toJSON() {
    return { error: this.message, code: this.code, retryable: this.retryable };
  }
}

/** What a purchase call answers: the result and whether it was created now (201), replayed (200) or pending (202). */
export interface PurchaseOutcome {
  outcome: 'created' | 'replayed' | 'pending';
  result: PurchaseResult;
}

export interface PurchasesDeps {
  db: Db;
  /** null when CHAIN=none: every purchase answers 503. */
  chain: ChainService | null;
  payments: PaymentProvider;
  /** USD per ETH × 10^8 (the marketplace price service: Chainlink on Base, else ETH_USD_RATE). */
  usdRate: () => Promise<bigint>;
  log: FastifyBaseLogger;
  /** The job queue: Stripe events are fulfilled by a job enqueued with the stored event. */
  jobs: Pick<Jobs, 'send'>;
  /** The database-wide lock per key (see Database.withKeyLock): chain mirroring runs once at a time. */
  lock: KeyLock;
}

/** {@link Database.withKeyLock}: runs `fn` holding the lock `key` across every process on the database. */
export type KeyLock = Database['withKeyLock'];

/** Queue of stored Stripe events (one active job per PaymentIntent: `singleton` by intent id). */
export const STRIPE_EVENTS_QUEUE = 'stripe-events';
/** Retries of a Stripe fulfilment before the charge is refunded (backoff 10 s, 20 s, 40 s, …). */
export const STRIPE_FULFIL_RETRIES = 5;
/**
 * Queue of paid sandbox-card payments to deliver (one job per payment, `singleton` by payment): the
 * charge and this job are recorded in one transaction, so a process killed while minting leaves a
 * job that another process (or this one after a restart) runs once its heartbeat stops.
 */
export const CARD_FULFILMENT_QUEUE = 'card-fulfilment';
/** How long a card purchase request waits for its delivery before answering 202 (ms; ours). */
export const CARD_FULFILMENT_WAIT_MS = 30_000;
/**
 * A payment still `processing` (claimed, charge outcome not recorded) this long after its last
 * update was cut by a crash: a retry under its key charges it again (ms; ours — the sandbox charge
 * is instant, and Stripe's PaymentIntent is created under the same idempotency key).
 */
export const STALE_PROCESSING_MS = 30_000;

/** What a card order buys, after the checks of orders.ts. */
export type PurchaseSpec =
  | { kind: 'avatar'; series: AvatarRow; priceWei: bigint }
  | { kind: 'skill'; listing: ListingRow; buyerAvatar: AvatarRow; skillName: string; priceWei: bigint };

export const lower = (a: string) => a.toLowerCase();

/** A purchase outcome as an HTTP answer: 201 created, 202 pending (Stripe), 200 replayed (same tx hash). */
export function toAnswer({ outcome, result }: PurchaseOutcome): Answer & { paymentId: number | null } {
  const statusCode = outcome === 'created' ? 201 : outcome === 'pending' ? 202 : 200;
  return { statusCode, body: result, replayed: outcome === 'replayed', paymentId: result.paymentId };
}

/** A card sale's earnings-ledger entry. */
export type LedgerEntry = ReturnType<typeof cardSaleEntry>;

/** The database, the chain's Marketplace view and the small reads every purchase module needs. */
export class PurchaseContext {
  /** null when CHAIN=none. */
  readonly market: MarketChain | null;

  constructor(readonly deps: PurchasesDeps) {
    this.market = deps.chain ? new MarketChain(deps.chain) : null;
  }

  get db(): Db {
    return this.deps.db;
  }

  /** @throws HttpError 503 when the server runs without a chain */
  requireMarket(): MarketChain {
    if (!this.market) throw unavailable('Purchases need the chain, which is off (CHAIN=none)');
    return this.market;
  }

  /** The user's linked wallet. @throws HttpError 400 without one (crypto needs it as the buyer). */
  async linkedWallet(userId: string): Promise<Address> {
    const wallet = await repo.findUserWallet(this.db, userId);
    if (!wallet) throw new HttpError(400, 'Link a wallet to your account first (PROFILE → WALLET_STATUS)');
    return getAddress(wallet);
  }

  /** `wei` in whole US cents at the marketplace's rate. */
  async usdCents(wei: bigint): Promise<number> {
    return Number(weiToUsdCents(wei, await this.deps.usdRate()));
  }
}
