/**
 * Rows of the chain-write outbox (`chain_intents`, `chain_signers`; ADR 008). Every state change is
 * a conditional UPDATE (`WHERE status = …`), so two server processes racing on one intent change
 * it once; the nonce is taken under a row lock on the signer.
 */
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chainIntents, chainSigners } from '../../db/schema';

export type IntentRow = typeof chainIntents.$inferSelect;
export type IntentStatus = 'queued' | 'signed' | 'confirmed' | 'reverted' | 'failed';
/** The chain identity of a signing key. address: lowercase. */
export interface SignerRef {
  chainId: number;
  address: string;
}

/** What a caller asks the outbox to do. */
export interface NewIntent {
  /** Idempotency key: a second intent with the same key is the first one. */
  key: string;
  kind: string;
  params: Record<string, unknown>;
  dependsOn?: number | null;
}

/**
 * Inserts an intent (in the caller's transaction, with its business change) unless one with the
 * same key exists; returns the stored row either way.
 */
export async function insertIntent(db: Db, signer: SignerRef, intent: NewIntent): Promise<IntentRow> {
  const [row] = await db
    .insert(chainIntents)
    .values({
      key: intent.key,
      kind: intent.kind,
      chainId: signer.chainId,
      signer: signer.address,
      params: intent.params,
      dependsOn: intent.dependsOn ?? null,
    })
    .onConflictDoNothing({ target: chainIntents.key })
    .returning();
  if (row) return row;
  const [existing] = await db.select().from(chainIntents).where(eq(chainIntents.key, intent.key)).limit(1);
  return existing!;
}

export async function intentById(db: Db, id: number): Promise<IntentRow | undefined> {
  const [row] = await db.select().from(chainIntents).where(eq(chainIntents.id, id)).limit(1);
  return row;
}

export async function intentByKey(db: Db, key: string): Promise<IntentRow | undefined> {
  const [row] = await db.select().from(chainIntents).where(eq(chainIntents.key, key)).limit(1);
  return row;
}

const ofSigner = (s: SignerRef) => and(eq(chainIntents.chainId, s.chainId), eq(chainIntents.signer, s.address));

/** Queued intents of a signer, oldest first. */
export function queuedIntents(db: Db, s: SignerRef, limit = 20): Promise<IntentRow[]> {
  return db
    .select()
    .from(chainIntents)
    .where(and(ofSigner(s), eq(chainIntents.status, 'queued')))
    .orderBy(asc(chainIntents.id))
    .limit(limit);
}

/** Signed intents (stored, maybe broadcast, no receipt recorded yet), by nonce. */
export function signedIntents(db: Db, s: SignerRef): Promise<IntentRow[]> {
  return db
    .select()
    .from(chainIntents)
    .where(and(ofSigner(s), eq(chainIntents.status, 'signed')))
    .orderBy(asc(chainIntents.nonce));
}

/** Intents with a receipt in a block above `fromBlock` (candidates a rollback or reorg may have undone). */
export function recentlyMined(db: Db, s: SignerRef, fromBlock: number): Promise<IntentRow[]> {
  return db
    .select()
    .from(chainIntents)
    .where(
      and(
        ofSigner(s),
        inArray(chainIntents.status, ['confirmed', 'reverted']),
        isNotNull(chainIntents.txHash),
        gt(chainIntents.blockNumber, fromBlock),
      ),
    )
    .orderBy(asc(chainIntents.nonce));
}

/** Ensures the signer row exists, starting at `chainNonce` (the chain's pending transaction count). */
export async function ensureSigner(db: Db, s: SignerRef, chainNonce: number): Promise<void> {
  await db
    .insert(chainSigners)
    .values({ chainId: s.chainId, address: s.address, nextNonce: chainNonce })
    .onConflictDoNothing();
}

/**
 * Takes the signer's next nonce under a row lock, at least `chainNonce`, and stores what `sign`
 * returns on the intent (status signed) — all in one transaction, so the signed transaction and its
 * hash are on disk before anyone broadcasts it, and no two intents get one nonce.
 * @returns false when another process signed this intent first (nothing changed)
 */
export async function assignNonceAndStore(
  db: Db,
  s: SignerRef,
  intentId: number,
  chainNonce: number,
  call: { to: string; data: string; valueWei: string },
  sign: (nonce: number) => Promise<{ rawTx: string; txHash: string }>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [signer] = await tx
      .select()
      .from(chainSigners)
      .where(and(eq(chainSigners.chainId, s.chainId), eq(chainSigners.address, s.address)))
      .for('update');
    if (!signer) throw new Error(`outbox: signer ${s.address} is not initialised`);
    const nonce = Math.max(signer.nextNonce, chainNonce);
    const signed = await sign(nonce);
    const updated = await tx
      .update(chainIntents)
      .set({
        status: 'signed',
        nonce,
        rawTx: signed.rawTx,
        txHash: signed.txHash,
        toAddress: call.to,
        data: call.data,
        valueWei: call.valueWei,
        broadcastAt: null,
        error: null,
        updatedAt: new Date(),
      })
      .where(and(eq(chainIntents.id, intentId), eq(chainIntents.status, 'queued')))
      .returning({ id: chainIntents.id });
    if (!updated.length) return false; // another process signed it first; the nonce stays free
    await tx
      .update(chainSigners)
      .set({ nextNonce: nonce + 1, updatedAt: new Date() })
      .where(and(eq(chainSigners.chainId, s.chainId), eq(chainSigners.address, s.address)));
    return true;
  });
}

/**
 * Puts signed intents with nonce ≥ `fromNonce` back to queued and the signer's next nonce to
 * `fromNonce` (a nonce gap: the chain lost or never saw a transaction below them), under the signer
 * lock. Their effects are keyed on chain, so signing them again cannot double anything.
 */
export async function requeueFromNonce(db: Db, s: SignerRef, fromNonce: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .select()
      .from(chainSigners)
      .where(and(eq(chainSigners.chainId, s.chainId), eq(chainSigners.address, s.address)))
      .for('update');
    const rows = await tx
      .update(chainIntents)
      .set(requeued('nonce gap: signed again'))
      .where(and(ofSigner(s), eq(chainIntents.status, 'signed'), sql`${chainIntents.nonce} >= ${fromNonce}`))
      .returning({ id: chainIntents.id });
    await tx
      .update(chainSigners)
      .set({ nextNonce: fromNonce, updatedAt: new Date() })
      .where(and(eq(chainSigners.chainId, s.chainId), eq(chainSigners.address, s.address)));
    return rows.length;
  });
}

const requeued = (why: string) => ({
  status: 'queued',
  nonce: null,
  rawTx: null,
  txHash: null,
  blockNumber: null,
  gasUsed: null,
  broadcastAt: null,
  error: why,
  updatedAt: new Date(),
});

/** One signed intent whose transaction vanished (its nonce was used by another) back to queued. */
export async function requeueIntent(db: Db, id: number, txHash: string, why: string): Promise<boolean> {
  const rows = await db
    .update(chainIntents)
    .set(requeued(why))
    .where(and(eq(chainIntents.id, id), eq(chainIntents.status, 'signed'), eq(chainIntents.txHash, txHash)))
    .returning({ id: chainIntents.id });
  return rows.length > 0;
}

/** A mined intent whose receipt the chain no longer has: back to signed, to be broadcast again. */
export async function unconfirm(db: Db, id: number, txHash: string): Promise<boolean> {
  const rows = await db
    .update(chainIntents)
    .set({ status: 'signed', blockNumber: null, broadcastAt: null, error: 'receipt lost (chain rolled back)' })
    .where(
      and(
        eq(chainIntents.id, id),
        inArray(chainIntents.status, ['confirmed', 'reverted']),
        eq(chainIntents.txHash, txHash),
      ),
    )
    .returning({ id: chainIntents.id });
  return rows.length > 0;
}

export async function markBroadcast(db: Db, id: number, error: string | null): Promise<void> {
  await db
    .update(chainIntents)
    .set({ broadcastAt: new Date(), attempts: sql`${chainIntents.attempts} + 1`, error })
    .where(eq(chainIntents.id, id));
}

export async function noteError(db: Db, id: number, error: string): Promise<void> {
  await db.update(chainIntents).set({ error, updatedAt: new Date() }).where(eq(chainIntents.id, id));
}

/** Counts per status of a signer's intents, and the oldest unfinished one's creation time. */
export async function outboxCounts(db: Db, s: SignerRef) {
  const rows = await db
    .select({
      status: chainIntents.status,
      n: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${chainIntents.createdAt})`,
    })
    .from(chainIntents)
    .where(ofSigner(s))
    .groupBy(chainIntents.status);
  const counts: Record<string, number> = { queued: 0, signed: 0, confirmed: 0, reverted: 0, failed: 0 };
  let oldestPending: Date | null = null;
  for (const r of rows) {
    counts[r.status] = Number(r.n);
    if ((r.status === 'queued' || r.status === 'signed') && r.oldest) {
      const d = new Date(r.oldest);
      if (!oldestPending || d < oldestPending) oldestPending = d;
    }
  }
  return { counts, oldestPending };
}

/** The newest transient error among unfinished intents (RPC down, out of gas), if any. */
export async function lastPendingError(db: Db, s: SignerRef): Promise<string | null> {
  const [row] = await db
    .select({ error: chainIntents.error })
    .from(chainIntents)
    .where(and(ofSigner(s), inArray(chainIntents.status, ['queued', 'signed']), isNotNull(chainIntents.error)))
    .orderBy(sql`${chainIntents.updatedAt} desc`)
    .limit(1);
  return row?.error ?? null;
}

/** Recent intents for the admin page, newest first. */
export function recentIntents(db: Db, limit = 50, beforeId?: number): Promise<IntentRow[]> {
  return db
    .select()
    .from(chainIntents)
    .where(beforeId ? lte(chainIntents.id, beforeId) : undefined)
    .orderBy(sql`${chainIntents.id} desc`)
    .limit(limit);
}
