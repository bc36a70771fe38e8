/**
 * Shared set-up of the exactly-once purchase tests (modules/purchases-once*.test.ts): one anvil chain
 * and one app per test file, buyers, listed skills, priced series, and the platform's chain calls.
 * `chain` and `t` are live bindings, set by {@link useOnceApp}'s beforeAll.
 */
import { eq } from 'drizzle-orm';
import { createWalletClient, decodeFunctionData, http, parseEther, type WalletClient } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, expect } from 'vitest';
import { avatarSkills, avatars, payments, skills } from '../../src/db/schema';
import { avatarNftAbi } from '../../src/providers/chain/abis';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from './app';
import { startTestChain } from './chain';

export let chain: ChainRuntime;
export let t: TestApp;

/** Starts anvil and the app before the file's tests (rate limits off) and stops both after. */
export function useOnceApp(): void {
  beforeAll(async () => {
    chain = await startTestChain();
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { chain });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await chain?.close();
  });
}

export const nextYear = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
export const CARD_OK = { number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvv: '123' };
let keySeq = 0;
export const newKey = () => `once-${Date.now()}-${++keySeq}`;
export const TEN = 10;

export interface Buyer {
  cookie: string;
  user: { id: string };
  account?: PrivateKeyAccount;
  wallet?: WalletClient;
}

export function call(app: TestApp, url: string, cookie: string, payload: object, key?: string) {
  const headers: Record<string, string> = { cookie };
  if (key) headers['idempotency-key'] = key;
  return app.app.inject({ method: 'POST', url, headers, payload });
}

export async function user(email: string, opts: { wallet?: boolean } = {}): Promise<Buyer> {
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

export async function createAvatar(cookie: string, name: string) {
  const res = await call(t, '/api/avatars', cookie, { name, agentType: 'HACKER' });
  expect(res.statusCode, res.body).toBe(201);
  expect(await t.app.chainOutbox!.drain()).toBe(true);
  const fresh = await t.app.inject({ method: 'GET', url: `/api/avatars/${res.json().id}`, headers: { cookie } });
  return fresh.json() as { id: number; name: string; tokenId: number | null };
}

/** A seller's avatar with `skill` at 90, listed at proficiency 80; returns the skill and listing ids. */
export async function listedSkill(seller: Buyer, skillName: string, priceEth = '0.01') {
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

export async function pricedSeries(seller: Buyer, name: string) {
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
export async function platformCalls(
  since: bigint,
  fn: 'setSkill' | 'mint',
  match: (args: readonly unknown[]) => boolean,
) {
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

export const statusCounts = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, c) => {
    acc[c] = (acc[c] ?? 0) + 1;
    return acc;
  }, {});

export async function buyerPayments(userId: string) {
  return t.database.db.select().from(payments).where(eq(payments.userId, userId));
}

/** The avatar's row as stored. */
export async function createAvatarRow(id: number) {
  const [a] = await t.database.db.select().from(avatars).where(eq(avatars.id, id));
  return a!;
}
