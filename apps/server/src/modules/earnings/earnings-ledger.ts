/**
 * The off-chain earnings ledger (DESIGN §6): double-entry rows in `earnings_ledger`.
 * A card sale never pays the seller in ETH from the platform key; it records a journal entry whose
 * rows sum to 0 — `platform:card-clearing` −price, `user:<seller>` +share, `platform:fees` +fee,
 * the royalty receiver +royalty. A user's balance is the sum of their account's rows. An entry is
 * keyed (`card-sale:<paymentId>`), so recording it twice inserts nothing (unique entry/account).
 */
import { weiToEth } from '@app/domain/pricing';
import type { Earnings } from '@app/domain/purchases';
import { splitSale } from '@app/domain/purchases';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { earningsLedger } from '../../db/schema';

export const CLEARING_ACCOUNT = 'platform:card-clearing';
export const FEES_ACCOUNT = 'platform:fees';
export const userAccount = (userId: string) => `user:${userId}`;

type LedgerRow = typeof earningsLedger.$inferInsert;

/** A signed wei amount as ETH ("-0.5" for −5×10^17). */
export function signedWeiToEth(wei: bigint): string {
  return wei < 0n ? `-${weiToEth(-wei)}` : weiToEth(wei);
}

/**
 * The rows of a card sale's journal entry (pure): price split as the Marketplace contract splits it
 * (`splitSale`: fee first, then the royalty capped by what remains, the rest to the seller).
 * A royalty paid to the seller themself is part of the seller's share.
 * @param p.priceWei price in wei; p.feeBps platform fee in basis points; p.royalty receiver + amount in wei
 */
export function cardSaleEntry(p: {
  paymentId: number;
  priceWei: bigint;
  feeBps: number;
  sellerUserId: string;
  royalty?: { account: string; userId: string | null; amountWei: bigint } | null;
  memo: string;
}): LedgerRow[] {
  const royaltyToSeller = p.royalty?.userId === p.sellerUserId;
  const split = splitSale(p.priceWei, p.feeBps, royaltyToSeller ? 0n : (p.royalty?.amountWei ?? 0n));
  const entryKey = `card-sale:${p.paymentId}`;
  const base = { entryKey, paymentId: p.paymentId, memo: p.memo };
  const rows: LedgerRow[] = [
    { ...base, account: CLEARING_ACCOUNT, kind: 'clearing', amountWei: (-p.priceWei).toString(), userId: null },
    {
      ...base,
      account: userAccount(p.sellerUserId),
      kind: 'sale',
      amountWei: split.seller.toString(),
      userId: p.sellerUserId,
    },
    { ...base, account: FEES_ACCOUNT, kind: 'fee', amountWei: split.fee.toString(), userId: null },
  ];
  if (split.royalty > 0n && p.royalty) {
    rows.push({
      ...base,
      account: p.royalty.account,
      kind: 'royalty',
      amountWei: split.royalty.toString(),
      userId: p.royalty.userId,
    });
  }
  return rows;
}

/** Writes a journal entry (rows must sum to 0) once. @throws Error when the rows do not balance */
export async function recordEntry(db: Db, rows: LedgerRow[]): Promise<void> {
  const sum = rows.reduce((acc, r) => acc + BigInt(r.amountWei), 0n);
  if (sum !== 0n) throw new Error(`ledger entry ${rows[0]?.entryKey} does not balance (${sum} wei)`);
  await db.insert(earningsLedger).values(rows).onConflictDoNothing();
}

/** Sum of an account's rows, wei. */
export async function accountBalance(db: Db, account: string): Promise<bigint> {
  const [r] = await db
    .select({ s: sql<string>`coalesce(sum(${earningsLedger.amountWei}), 0)::text` })
    .from(earningsLedger)
    .where(eq(earningsLedger.account, account));
  return BigInt(r?.s ?? '0');
}

/** `GET /api/earnings`: the user's balance and latest rows (newest first, at most `limit`). */
export async function earningsOf(db: Db, userId: string, limit = 50): Promise<Earnings> {
  const account = userAccount(userId);
  const [balance, rows] = await Promise.all([
    accountBalance(db, account),
    db
      .select()
      .from(earningsLedger)
      .where(eq(earningsLedger.account, account))
      .orderBy(desc(earningsLedger.id))
      .limit(limit),
  ]);
  return {
    balanceWei: balance.toString(),
    balanceEth: signedWeiToEth(balance),
    entries: rows.map((r) => ({
      id: r.id,
      kind: r.kind as Earnings['entries'][number]['kind'],
      amountWei: BigInt(r.amountWei).toString(),
      amountEth: signedWeiToEth(BigInt(r.amountWei)),
      memo: r.memo,
      paymentId: r.paymentId,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
