/**
 * Card purchases on anvil through the embedded sandbox processor: success, decline, retry, bad
 * input, idempotency.
 * Runs on PGlite, and on PostgreSQL with TEST_DB_DRIVER=postgres.
 */
import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { avatarEditions, earningsLedger, payments, skillListings, skillTransactions } from '../../src/db/schema';
import { avatarNftAbi } from '../../src/providers/chain/abis';

import {
  balanceOf,
  CARD_DECLINED,
  CARD_OK,
  CARD_RETRY,
  call,
  chain,
  countRows,
  createAvatar,
  gasSpentBy,
  giveSkill,
  listSkill,
  newKey,
  setPrice,
  t,
  usePurchaseApp,
  user,
} from '../helpers/purchases';

usePurchaseApp();

describe('card: the embedded sandbox processor', () => {
  it('buys an edition by card: minted from the platform key to custody, recorded once per idempotency key', async () => {
    const seller = await user('card.seller@x.io', { wallet: true });
    const buyer = await user('card.buyer@x.io');
    const series = await createAvatar(seller.cookie, 'CARD_SERIES');
    await setPrice(seller.cookie, series.id, '0.03');
    const key = newKey();
    const sellerBefore = await balanceOf(seller.account!.address);
    const platformBefore = await balanceOf(chain.service.account);
    const blockBefore = await chain.service.publicClient.getBlockNumber();

    const res = await call('POST', '/api/purchase-avatar', buyer.cookie, {
      avatarId: series.id,
      paymentMethod: 'card',
      card: CARD_OK,
      idempotencyKey: key,
    });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({ kind: 'avatar', paymentMethod: 'card', card: 'Visa •••• 4242', edition: 2 });
    expect(await chain.service.ownerOf(result.tokenId)).toBe(chain.service.account);
    const receipt = await chain.service.publicClient.getTransactionReceipt({ hash: result.transactionHash });
    expect(receipt.status).toBe('success');
    // no ETH leaves the platform key for a card sale (only the mint's gas); the seller's
    // share is a row of the off-chain earnings ledger, shown on their dashboard
    const fee = (parseEther('0.03') * 250n) / 10_000n;
    expect(await balanceOf(seller.account!.address)).toBe(sellerBefore);
    expect(platformBefore - (await balanceOf(chain.service.account))).toBe(
      await gasSpentBy(chain.service.account, blockBefore),
    );
    const earnings = (await call('GET', '/api/earnings', seller.cookie)).json();
    expect(earnings.balanceWei).toBe((parseEther('0.03') - fee).toString());
    expect(earnings.entries).toEqual([
      expect.objectContaining({ kind: 'sale', amountEth: '0.02925', memo: 'Card sale: edition of CARD_SERIES' }),
    ]);
    const entry = await t.database.db
      .select()
      .from(earningsLedger)
      .where(eq(earningsLedger.paymentId, result.paymentId));
    expect(entry.map((r) => r.kind).sort()).toEqual(['clearing', 'fee', 'sale']);
    expect(entry.reduce((acc, r) => acc + BigInt(r.amountWei), 0n)).toBe(0n);

    const paymentsBefore = await countRows(payments);
    const editionsBefore = await countRows(avatarEditions);
    const again = await call('POST', '/api/purchase-avatar', buyer.cookie, {
      avatarId: series.id,
      paymentMethod: 'card',
      card: CARD_OK,
      idempotencyKey: key,
    });
    // the same key and body answer the first answer again, status included
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(result);
    expect(await countRows(payments)).toBe(paymentsBefore);
    expect(await countRows(avatarEditions)).toBe(editionsBefore);
    const [p] = await t.database.db.select().from(payments).where(eq(payments.idempotencyKey, key));
    expect(p).toMatchObject({ status: 'fulfilled', payoutStatus: 'ledger', cardLast4: '4242', attempts: 1 });
    expect(p!.amountUsdCents).toBeGreaterThan(0);
  });

  it('a declined card changes nothing and the same key answers the same decline', async () => {
    const seller = await user('decl.seller@x.io');
    const buyer = await user('decl.buyer@x.io');
    const series = await createAvatar(seller.cookie, 'DECLINED');
    await setPrice(seller.cookie, series.id, '0.02');
    const editions = await countRows(avatarEditions);
    const key = newKey();
    const body = { avatarId: series.id, paymentMethod: 'card', card: CARD_DECLINED, idempotencyKey: key };
    const res = await call('POST', '/api/purchase-avatar', buyer.cookie, body);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Your card was declined', code: 'card_declined', retryable: false });
    const again = await call('POST', '/api/purchase-avatar', buyer.cookie, body);
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual(res.json());
    // the same key with another body (another card) is refused outright
    const otherCard = await call('POST', '/api/purchase-avatar', buyer.cookie, { ...body, card: CARD_OK });
    expect(otherCard.statusCode).toBe(422);
    expect(await countRows(avatarEditions)).toBe(editions);
    // a new attempt (new key) with a good card goes through
    const ok = await call('POST', '/api/purchase-avatar', buyer.cookie, {
      ...body,
      card: CARD_OK,
      idempotencyKey: newKey(),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('the retry card fails once with a retryable error and succeeds when retried under the same key', async () => {
    const seller = await user('retry.seller@x.io');
    const buyer = await user('retry.buyer@x.io');
    const series = await createAvatar(seller.cookie, 'RETRIED');
    await setPrice(seller.cookie, series.id, '0.02');
    const body = { avatarId: series.id, paymentMethod: 'card', card: CARD_RETRY, idempotencyKey: newKey() };
    const first = await call('POST', '/api/purchase-avatar', buyer.cookie, body);
    expect(first.statusCode).toBe(402);
    expect(first.json()).toMatchObject({ code: 'processing_error', retryable: true });
    const second = await call('POST', '/api/purchase-avatar', buyer.cookie, body);
    expect(second.statusCode, second.body).toBe(201);
    const third = await call('POST', '/api/purchase-avatar', buyer.cookie, body);
    expect(third.statusCode).toBe(201);
    expect(third.json()).toEqual(second.json());
    const [p] = await t.database.db.select().from(payments).where(eq(payments.idempotencyKey, body.idempotencyKey));
    expect(p).toMatchObject({ status: 'fulfilled', attempts: 2 });
    const editions = await t.database.db.select().from(avatarEditions).where(eq(avatarEditions.avatarId, series.id));
    expect(editions).toHaveLength(2); // the series' first edition + the one bought
  });

  it('answers 400 for a bad checksum, a past expiry, a non-test number or a missing key, and records nothing', async () => {
    const seller = await user('bad.card.seller@x.io');
    const buyer = await user('bad.card.buyer@x.io');
    const series = await createAvatar(seller.cookie, 'BAD_CARDS');
    await setPrice(seller.cookie, series.id, '0.02');
    const before = await countRows(payments);
    const base = { avatarId: series.id, paymentMethod: 'card', idempotencyKey: newKey() };
    for (const card of [
      { ...CARD_OK, number: '4242 4242 4242 4241' },
      { ...CARD_OK, expiry: '01/20' },
      { ...CARD_OK, expiry: '13/30' },
      { ...CARD_OK, cvv: '1' },
      { ...CARD_OK, number: '5555 5555 5555 4444' }, // valid Luhn, not a sandbox test number
    ]) {
      const res = await call('POST', '/api/purchase-avatar', buyer.cookie, { ...base, card });
      expect(res.statusCode, JSON.stringify(card)).toBe(400);
    }
    const noKey = await call('POST', '/api/purchase-avatar', buyer.cookie, {
      avatarId: series.id,
      paymentMethod: 'card',
      card: CARD_OK,
    });
    expect(noKey.statusCode).toBe(400);
    expect(await countRows(payments)).toBe(before);
  });

  it('buys a skill by card into the chosen avatar, written on chain from the platform key', async () => {
    const seller = await user('cs.seller@x.io', { wallet: true });
    const buyer = await user('cs.buyer@x.io');
    const sellerAvatar = await createAvatar(seller.cookie, 'CARD_TEACHER');
    const skillId = await giveSkill(sellerAvatar.id, 'Zero-Knowledge Proofs', 90);
    const listing = await listSkill(seller.cookie, {
      avatarId: sellerAvatar.id,
      skillId,
      priceEth: '0.08',
      proficiencyLevel: 82,
    });
    const buyerAvatar = await createAvatar(buyer.cookie, 'CARD_STUDENT');
    const key = newKey();
    const body = {
      skillId,
      avatarId: buyerAvatar.id,
      paymentMethod: 'card',
      listingId: listing.id,
      card: CARD_OK,
      idempotencyKey: key,
    };
    const res = await call('POST', '/api/purchase-skill', buyer.cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({
      kind: 'skill',
      name: 'Zero-Knowledge Proofs',
      avatarId: buyerAvatar.id,
      proficiency: 82,
    });
    const [tx] = await t.database.db
      .select()
      .from(skillTransactions)
      .where(eq(skillTransactions.transactionHash, result.transactionHash));
    expect(tx).toMatchObject({ status: 'completed', listingId: listing.id, avatarId: buyerAvatar.id });
    const onChain = await chain.service.publicClient.readContract({
      address: chain.service.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'skillOf',
      args: [BigInt(buyerAvatar.tokenId!), BigInt(skillId)],
    });
    expect(onChain).toEqual([true, 82]);
    const details = (await call('GET', '/api/avatars', buyer.cookie)).json() as {
      id: number;
      skills: { name: string; proficiency: number }[];
    }[];
    expect(details.find((a) => a.id === buyerAvatar.id)!.skills).toContainEqual(
      expect.objectContaining({ name: 'Zero-Knowledge Proofs', proficiency: 82 }),
    );

    // the same key: the same answer, no second charge or write
    const sales = await countRows(skillTransactions);
    const again = await call('POST', '/api/purchase-skill', buyer.cookie, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(result);
    // a new attempt for the same skill: the avatar already has it at that proficiency
    const twice = await call('POST', '/api/purchase-skill', buyer.cookie, { ...body, idempotencyKey: newKey() });
    expect(twice.statusCode).toBe(409);
    // the key of this purchase cannot buy something else (422, another body)
    const reused = await call('POST', '/api/purchase-skill', buyer.cookie, {
      ...body,
      avatarId: (await createAvatar(buyer.cookie, 'OTHER_STUDENT')).id,
    });
    expect(reused.statusCode).toBe(422);
    expect(await countRows(skillTransactions)).toBe(sales);
  });

  it('refuses your own listing, an inactive or expired listing, and someone else’s avatar, changing nothing', async () => {
    const seller = await user('ref.seller@x.io');
    const buyer = await user('ref.buyer@x.io');
    const sellerAvatar = await createAvatar(seller.cookie, 'REF_TEACHER');
    const skillId = await giveSkill(sellerAvatar.id, 'Threat Hunting', 70);
    const listing = await listSkill(seller.cookie, {
      avatarId: sellerAvatar.id,
      skillId,
      priceEth: '0.05',
      proficiencyLevel: 50,
    });
    const buyerAvatar = await createAvatar(buyer.cookie, 'REF_STUDENT');
    const ownSecondAvatar = await createAvatar(seller.cookie, 'REF_SELF');
    const body = (who: string, avatarId: number) => ({
      skillId,
      avatarId,
      listingId: listing.id,
      paymentMethod: 'card',
      card: CARD_OK,
      idempotencyKey: `${who}-${newKey()}`,
    });
    const before = { payments: await countRows(payments), sales: await countRows(skillTransactions) };

    const own = await call('POST', '/api/purchase-skill', seller.cookie, body('own', ownSecondAvatar.id));
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toContain('your own listing');
    const notMine = await call('POST', '/api/purchase-skill', buyer.cookie, body('theirs', sellerAvatar.id));
    expect(notMine.statusCode).toBe(403);

    const db = t.database.db;
    await db
      .update(skillListings)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(skillListings.id, listing.id));
    const expired = await call('POST', '/api/purchase-skill', buyer.cookie, body('expired', buyerAvatar.id));
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toContain('expired');

    await db.update(skillListings).set({ expiresAt: null }).where(eq(skillListings.id, listing.id));
    expect((await call('DELETE', `/api/skill-listings/${listing.id}`, seller.cookie)).statusCode).toBe(204);
    const inactive = await call('POST', '/api/purchase-skill', buyer.cookie, body('inactive', buyerAvatar.id));
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error).toContain('no longer active');

    expect((await call('POST', '/api/purchase-skill', undefined, body('anon', buyerAvatar.id))).statusCode).toBe(401);
    expect(await countRows(payments)).toBe(before.payments);
    expect(await countRows(skillTransactions)).toBe(before.sales);
  });
});
