/**
 * Exactly once: ten concurrent identical purchases — as from ten browser tabs, each with its own
 * Idempotency-Key — of a skill and of an edition, by card and by crypto, make one effect and one
 * charge; the others are refused (409) before any charge, or, for the same wallet transaction,
 * answered as its replay (200).
 * Runs on PGlite, and on PostgreSQL with TEST_DB_DRIVER=postgres.
 */
import { eq } from 'drizzle-orm';
import { anvil } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { avatarEditions, avatars, skillTransactions } from '../../src/db/schema';
import { marketplaceAbi } from '../../src/providers/chain/abis';

import {
  buyerPayments,
  CARD_OK,
  call,
  chain,
  createAvatar,
  createAvatarRow,
  listedSkill,
  newKey,
  platformCalls,
  pricedSeries,
  statusCounts,
  TEN,
  t,
  useOnceApp,
  user,
} from '../helpers/purchases-once';

useOnceApp();

describe('ten concurrent identical purchases, each with its own Idempotency-Key', () => {
  it('skill by card: one charge, one skill write; nine 409 before any charge', async () => {
    const seller = await user('once.skill.seller@x.io');
    const buyer = await user('once.skill.buyer@x.io');
    const { skillId, listingId } = await listedSkill(seller, 'Once Card Skill');
    const student = await createAvatar(buyer.cookie, 'ONCE_CARD_STUDENT');
    const block = await chain.service.publicClient.getBlockNumber();
    const body = { skillId, avatarId: student.id, listingId, paymentMethod: 'card', card: CARD_OK };
    const res = await Promise.all(
      Array.from({ length: TEN }, () => call(t, '/api/purchase-skill', buyer.cookie, body, newKey())),
    );
    expect(statusCounts(res.map((r) => r.statusCode)), res.map((r) => r.body).join('\n')).toEqual({ 201: 1, 409: 9 });
    const rows = await buyerPayments(buyer.user.id);
    expect(rows.map((p) => p.status)).toEqual(['fulfilled']); // one order, the refused ones never opened
    expect(rows.filter((p) => p.providerPaymentId !== null)).toHaveLength(1); // one sandbox charge
    const sales = await t.database.db
      .select()
      .from(skillTransactions)
      .where(eq(skillTransactions.avatarId, student.id));
    expect(sales).toHaveLength(1);
    const tokenId = BigInt((await createAvatarRow(student.id)).tokenId!);
    expect(await platformCalls(block, 'setSkill', (a) => a[0] === tokenId && a[1] === BigInt(skillId))).toBe(1);
    // later, with yet another key: the avatar has it → 409, no order
    const later = await call(t, '/api/purchase-skill', buyer.cookie, body, newKey());
    expect(later.statusCode).toBe(409);
    expect(later.json().error).toContain('already has');
    expect(await buyerPayments(buyer.user.id)).toHaveLength(1);
  });

  it('edition by card: one charge, one mint; nine 409 before any charge', async () => {
    const seller = await user('once.ed.seller@x.io');
    const buyer = await user('once.ed.buyer@x.io');
    const series = await pricedSeries(seller, 'ONCE_CARD_SERIES');
    const block = await chain.service.publicClient.getBlockNumber();
    const body = { avatarId: series.id, paymentMethod: 'card', card: CARD_OK };
    const res = await Promise.all(
      Array.from({ length: TEN }, () => call(t, '/api/purchase-avatar', buyer.cookie, body, newKey())),
    );
    expect(statusCounts(res.map((r) => r.statusCode)), res.map((r) => r.body).join('\n')).toEqual({ 201: 1, 409: 9 });
    expect(res.find((r) => r.statusCode === 409)!.json().error).toContain('open order');
    const rows = await buyerPayments(buyer.user.id);
    expect(rows.map((p) => p.status)).toEqual(['fulfilled']);
    expect(rows.filter((p) => p.providerPaymentId !== null)).toHaveLength(1);
    const editions = await t.database.db.select().from(avatarEditions).where(eq(avatarEditions.avatarId, series.id));
    expect(editions.map((e) => e.edition).sort()).toEqual([1, 2]); // the creator's and the one sold
    expect(await platformCalls(block, 'mint', (a) => a[1] === BigInt(series.id))).toBe(1);
  });

  it('skill by crypto: ten submissions of one transaction hash record it once (one 201, nine 200 replays)', async () => {
    const seller = await user('once.cs.seller@x.io');
    const buyer = await user('once.cs.buyer@x.io', { wallet: true });
    const { skillId, listingId } = await listedSkill(seller, 'Once Crypto Skill');
    const student = await createAvatar(buyer.cookie, 'ONCE_CRYPTO_STUDENT');
    const q = await call(t, '/api/purchases/skill/prepare', buyer.cookie, { skillId, avatarId: student.id, listingId });
    expect(q.statusCode, q.body).toBe(200);
    const quote = q.json();
    const balanceBefore = await chain.service.publicClient.getBalance({ address: buyer.account!.address });
    const hash = await buyer.wallet!.writeContract({
      address: quote.marketplaceAddress,
      abi: marketplaceAbi,
      functionName: 'buySkill',
      args: [BigInt(quote.chainListingId), BigInt(quote.buyerTokenId)],
      value: BigInt(quote.priceWei),
      account: buyer.account!,
      chain: anvil,
    });
    const receipt = await chain.service.publicClient.waitForTransactionReceipt({ hash });
    const body = { skillId, avatarId: student.id, listingId, paymentMethod: 'crypto', txHash: hash };
    const res = await Promise.all(
      Array.from({ length: TEN }, () => call(t, '/api/purchase-skill', buyer.cookie, body, newKey())),
    );
    expect(statusCounts(res.map((r) => r.statusCode)), res.map((r) => r.body).join('\n')).toEqual({ 201: 1, 200: 9 });
    const first = res.find((r) => r.statusCode === 201)!.json();
    for (const r of res) expect(r.json()).toEqual(first);
    const sales = await t.database.db
      .select()
      .from(skillTransactions)
      .where(eq(skillTransactions.avatarId, student.id));
    expect(sales).toHaveLength(1);
    // one charge: the buyer paid the price (and gas) once
    const spent = balanceBefore - (await chain.service.publicClient.getBalance({ address: buyer.account!.address }));
    expect(spent).toBe(BigInt(quote.priceWei) + receipt.gasUsed * receipt.effectiveGasPrice);
    // and a new attempt is refused before the wallet pays: the avatar has the skill
    const again = await call(t, '/api/purchases/skill/prepare', buyer.cookie, {
      skillId,
      avatarId: student.id,
      listingId,
    });
    expect(again.statusCode).toBe(409);
  });

  it('edition by crypto: ten submissions of one transaction hash record one edition (one 201, nine 200 replays)', async () => {
    const seller = await user('once.ce.seller@x.io');
    const buyer = await user('once.ce.buyer@x.io', { wallet: true });
    const series = await pricedSeries(seller, 'ONCE_CRYPTO_SERIES');
    const q = await call(t, '/api/purchases/avatar/prepare', buyer.cookie, { avatarId: series.id });
    expect(q.statusCode, q.body).toBe(200);
    const quote = q.json();
    const hash = await buyer.wallet!.writeContract({
      address: quote.marketplaceAddress,
      abi: marketplaceAbi,
      functionName: 'buyEdition',
      args: [BigInt(quote.avatarId)],
      value: BigInt(quote.priceWei),
      account: buyer.account!,
      chain: anvil,
    });
    await chain.service.publicClient.waitForTransactionReceipt({ hash });
    const body = { avatarId: series.id, paymentMethod: 'crypto', txHash: hash };
    const res = await Promise.all(
      Array.from({ length: TEN }, () => call(t, '/api/purchase-avatar', buyer.cookie, body, newKey())),
    );
    expect(statusCounts(res.map((r) => r.statusCode)), res.map((r) => r.body).join('\n')).toEqual({ 201: 1, 200: 9 });
    const editions = await t.database.db.select().from(avatarEditions).where(eq(avatarEditions.avatarId, series.id));
    expect(editions).toHaveLength(2);
    const mine = await t.database.db.select().from(avatars).where(eq(avatars.ownerId, buyer.user.id));
    expect(mine).toHaveLength(1); // one edition avatar for the buyer
  });
});
