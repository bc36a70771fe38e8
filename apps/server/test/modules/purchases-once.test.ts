/**
 * Exactly once: ten concurrent identical purchases — as from ten browser tabs, each
 * with its own Idempotency-Key — of a skill and of an edition, by card and by crypto, make one effect
 * and one charge; the others are refused (409) before any charge, or, for the same wallet transaction,
 * answered as its replay (200). The same key and body replay the first answer; the same key with
 * another body answers 422. Two app instances on one database hold the same. An open order blocks a
 * second one whatever its key, until it ends or expires.
 * Runs on PGlite, and on PostgreSQL with TEST_DB_DRIVER=postgres.
 */
import { and, eq, sql } from 'drizzle-orm';
import { createWalletClient, decodeFunctionData, http, parseEther, type WalletClient } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import {
  avatarEditions,
  avatarSkills,
  avatars,
  idempotencyKeys,
  payments,
  skills,
  skillTransactions,
} from '../../src/db/schema';
import { avatarNftAbi, marketplaceAbi } from '../../src/providers/chain/abis';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp, usePostgres } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { chain });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const nextYear = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
const CARD_OK = { number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvv: '123' };
let keySeq = 0;
const newKey = () => `once-${Date.now()}-${++keySeq}`;
const TEN = 10;

interface Buyer {
  cookie: string;
  user: { id: string };
  account?: PrivateKeyAccount;
  wallet?: WalletClient;
}

function call(app: TestApp, url: string, cookie: string, payload: object, key?: string) {
  const headers: Record<string, string> = { cookie };
  if (key) headers['idempotency-key'] = key;
  return app.app.inject({ method: 'POST', url, headers, payload });
}

async function user(email: string, opts: { wallet?: boolean } = {}): Promise<Buyer> {
  const s = await signIn(t.app, { email });
  if (!opts.wallet) return s;
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = createWalletClient({ account, chain: anvil, transport: http(chain.rpcUrl) });
  const nonceRes = await t.app.inject({ method: 'GET', url: '/api/wallet/nonce', headers: { cookie: s.cookie } });
  const { nonce, domain } = nonceRes.json();
  const message = createSiweMessage({
    address: account.address,
    chainId: anvil.id,
    domain,
    nonce,
    uri: `http://${domain}`,
    version: '1',
  });
  const link = await call(t, '/api/wallet/link', s.cookie, {
    message,
    signature: await wallet.signMessage({ message }),
  });
  expect(link.statusCode, link.body).toBe(200);
  await chain.service.publicClient.request({
    method: 'anvil_setBalance' as never,
    params: [account.address, `0x${parseEther('10').toString(16)}`] as never,
  });
  return { ...s, account, wallet };
}

async function createAvatar(cookie: string, name: string) {
  const res = await call(t, '/api/avatars', cookie, { name, agentType: 'HACKER' });
  expect(res.statusCode, res.body).toBe(201);
  expect(await t.app.chainOutbox!.drain()).toBe(true);
  const fresh = await t.app.inject({ method: 'GET', url: `/api/avatars/${res.json().id}`, headers: { cookie } });
  return fresh.json() as { id: number; name: string; tokenId: number | null };
}

/** A seller's avatar with `skill` at 90, listed at proficiency 80; returns the skill and listing ids. */
async function listedSkill(seller: Buyer, skillName: string, priceEth = '0.01') {
  const sellerAvatar = await createAvatar(seller.cookie, `${skillName}_TEACHER`.toUpperCase().replace(/\W/g, '_'));
  const db = t.database.db;
  await db.insert(skills).values({ name: skillName, category: 'technical' }).onConflictDoNothing();
  const [s] = await db.select().from(skills).where(eq(skills.name, skillName));
  await db.insert(avatarSkills).values({ avatarId: sellerAvatar.id, skillId: s!.id, proficiency: 90 });
  const res = await call(t, '/api/skill-listings', seller.cookie, {
    avatarId: sellerAvatar.id,
    skillId: s!.id,
    priceEth,
    proficiencyLevel: 80,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { skillId: s!.id, listingId: res.json().id as number };
}

async function pricedSeries(seller: Buyer, name: string) {
  const series = await createAvatar(seller.cookie, name);
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/avatars/${series.id}/price`,
    headers: { cookie: seller.cookie },
    payload: { priceEth: '0.01' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return series;
}

/** Calls of `fn` by the platform key to AvatarNFT in the blocks after `since` whose args match. */
async function platformCalls(since: bigint, fn: 'setSkill' | 'mint', match: (args: readonly unknown[]) => boolean) {
  const client = chain.service.publicClient;
  const latest = await client.getBlockNumber();
  let n = 0;
  for (let b = since + 1n; b <= latest; b++) {
    const block = await client.getBlock({ blockNumber: b, includeTransactions: true });
    for (const tx of block.transactions) {
      if (tx.to?.toLowerCase() !== chain.service.addresses.avatarNFT.toLowerCase()) continue;
      try {
        const d = decodeFunctionData({ abi: avatarNftAbi, data: tx.input });
        if (d.functionName === fn && match(d.args ?? [])) n++;
      } catch {
        // another contract call
      }
    }
  }
  return n;
}

const statusCounts = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, c) => {
    acc[c] = (acc[c] ?? 0) + 1;
    return acc;
  }, {});

async function buyerPayments(userId: string) {
  return t.database.db.select().from(payments).where(eq(payments.userId, userId));
}

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

async function createAvatarRow(id: number) {
  const [a] = await t.database.db.select().from(avatars).where(eq(avatars.id, id));
  return a!;
}

describe('the Idempotency-Key header', () => {
  it('same key and body: the first answer again; same key, another body: 422 and nothing changes', async () => {
    const seller = await user('key.seller@x.io');
    const buyer = await user('key.buyer@x.io');
    const { skillId, listingId } = await listedSkill(seller, 'Keyed Skill');
    const student = await createAvatar(buyer.cookie, 'KEY_STUDENT');
    const other = await createAvatar(buyer.cookie, 'KEY_OTHER');
    const key = newKey();
    const body = { skillId, avatarId: student.id, listingId, paymentMethod: 'card', card: CARD_OK };
    const first = await call(t, '/api/purchase-skill', buyer.cookie, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const [stored] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, buyer.user.id), eq(idempotencyKeys.key, key)));
    expect(stored).toMatchObject({
      route: 'POST /api/purchase-skill',
      responseStatus: 201,
      paymentId: first.json().paymentId,
    });
    expect(stored!.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    // a later change of the avatar's skill does not change the replayed answer
    await t.database.db
      .update(avatarSkills)
      .set({ proficiency: 95 })
      .where(and(eq(avatarSkills.avatarId, student.id), eq(avatarSkills.skillId, skillId)));
    const again = await call(t, '/api/purchase-skill', buyer.cookie, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    // the key in the body (the web client of before) is the same key
    const inBody = await call(t, '/api/purchase-skill', buyer.cookie, { ...body, idempotencyKey: key });
    expect(inBody.statusCode).toBe(201);
    expect(inBody.body).toBe(first.body);

    const before = { payments: (await buyerPayments(buyer.user.id)).length };
    const changed = await call(t, '/api/purchase-skill', buyer.cookie, { ...body, avatarId: other.id }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error).toContain('Idempotency-Key');
    const otherRoute = await call(
      t,
      '/api/purchase-avatar',
      buyer.cookie,
      { avatarId: student.id, paymentMethod: 'card', card: CARD_OK },
      key,
    );
    expect(otherRoute.statusCode).toBe(422);
    expect((await buyerPayments(buyer.user.id)).length).toBe(before.payments);
    const skillsOfOther = await t.database.db.select().from(avatarSkills).where(eq(avatarSkills.avatarId, other.id));
    expect(skillsOfOther).toHaveLength(0);

    // header and body disagree, or a malformed header: 400
    const clash = await call(t, '/api/purchase-skill', buyer.cookie, { ...body, idempotencyKey: newKey() }, newKey());
    expect(clash.statusCode).toBe(400);
    const bad = await call(t, '/api/purchase-skill', buyer.cookie, body, 'no spaces allowed');
    expect(bad.statusCode).toBe(400);
  });

  it('an open order blocks another order for the same avatar and skill whatever the key, until it expires', async () => {
    const seller = await user('open.seller@x.io');
    const buyer = await user('open.buyer@x.io', { wallet: true });
    const { skillId, listingId } = await listedSkill(seller, 'Open Order Skill');
    const student = await createAvatar(buyer.cookie, 'OPEN_STUDENT');
    // an order another tab opened and has not finished (nothing charged yet)
    const [open] = await t.database.db
      .insert(payments)
      .values({
        userId: buyer.user.id,
        idempotencyKey: newKey(),
        kind: 'skill',
        listingId,
        skillId,
        buyerAvatarId: student.id,
        provider: 'sandbox',
        amountWei: parseEther('0.01').toString(),
        amountUsdCents: 3000,
        status: 'processing',
      })
      .returning();
    const body = { skillId, avatarId: student.id, listingId, paymentMethod: 'card', card: CARD_OK };
    const blocked = await call(t, '/api/purchase-skill', buyer.cookie, body, newKey());
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toContain('already open');
    const prepare = await call(t, '/api/purchases/skill/prepare', buyer.cookie, {
      skillId,
      avatarId: student.id,
      listingId,
    });
    expect(prepare.statusCode).toBe(409);
    expect(await buyerPayments(buyer.user.id)).toHaveLength(1);
    // the abandoned order expires after RESERVATION_MINUTES; then a new order goes through
    await t.database.db
      .update(payments)
      .set({ updatedAt: sql`now() - interval '16 minutes'` })
      .where(eq(payments.id, open!.id));
    const ok = await call(t, '/api/purchase-skill', buyer.cookie, body, newKey());
    expect(ok.statusCode, ok.body).toBe(201);
    const [expired] = await t.database.db.select().from(payments).where(eq(payments.id, open!.id));
    expect(expired!.status).toBe('expired');
  });
});

describe('two app instances on one database', () => {
  it('ten concurrent card purchases of one skill spread over both: one charge, one effect', async () => {
    const second = usePostgres ? await openDatabase({ url: (t.database as { url?: string }).url! }) : null;
    const u = await createTestApp(
      { RATE_LIMIT_DISABLED: 'true' },
      { chain, database: second ?? { ...t.database, close: async () => {} } },
    );
    try {
      const seller = await user('two.seller@x.io');
      const buyer = await user('two.buyer@x.io');
      const { skillId, listingId } = await listedSkill(seller, 'Two Instances Skill');
      const student = await createAvatar(buyer.cookie, 'TWO_STUDENT');
      const body = { skillId, avatarId: student.id, listingId, paymentMethod: 'card', card: CARD_OK };
      const res = await Promise.all(
        Array.from({ length: TEN }, (_, i) => call(i % 2 ? u : t, '/api/purchase-skill', buyer.cookie, body, newKey())),
      );
      expect(statusCounts(res.map((r) => r.statusCode)), res.map((r) => r.body).join('\n')).toEqual({
        201: 1,
        409: 9,
      });
      const rows = await buyerPayments(buyer.user.id);
      expect(rows.map((p) => p.status)).toEqual(['fulfilled']);
      const sales = await t.database.db
        .select()
        .from(skillTransactions)
        .where(eq(skillTransactions.avatarId, student.id));
      expect(sales).toHaveLength(1);
    } finally {
      await u.close(); // closes `second` on PostgreSQL; PGlite's shared instance stays open
      // the second app took over the shared chain service's outbox: give it back to the first
      chain.service.outbox = t.app.chainOutbox ?? null;
    }
  });
});
