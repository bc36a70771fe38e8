/**
 * Shared set-up of the purchase tests (modules/purchases*.test.ts): one anvil chain and one app per
 * test file, buyers with linked funded wallets, avatars, prices, skill listings and edition buys.
 * `chain` and `t` are live bindings, set by {@link usePurchaseApp}'s beforeAll.
 */
import { count, eq } from 'drizzle-orm';
import {
  type Address,
  createWalletClient,
  type Hash,
  http,
  type PrivateKeyAccount,
  parseEther,
  type WalletClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { afterAll, beforeAll, expect } from 'vitest';
import { type avatarEditions, avatarSkills, type payments, skills, type skillTransactions } from '../../src/db/schema';
import { marketplaceAbi } from '../../src/providers/chain/abis';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from './app';
import { linkWallet, startTestChain } from './chain';

export let chain: ChainRuntime;
export let t: TestApp;

/** Starts anvil and the app before the file's tests (rate limits off) and stops both after. */
export function usePurchaseApp(): void {
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
export const CARD_DECLINED = { ...CARD_OK, number: '4000 0000 0000 0002' };
export const CARD_RETRY = { ...CARD_OK, number: '4000 0000 0000 9995' };
let keySeq = 0;
export const newKey = () => `attempt-${Date.now()}-${++keySeq}`;

export interface Buyer {
  cookie: string;
  user: { id: string };
  account?: PrivateKeyAccount;
  wallet?: WalletClient;
}

export function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

export async function setBalance(address: Address, eth: string) {
  await chain.service.publicClient.request({
    method: 'anvil_setBalance' as never,
    params: [address, `0x${parseEther(eth).toString(16)}`] as never,
  });
}

export const balanceOf = (address: Address) => chain.service.publicClient.getBalance({ address });

/** Wei `from` has spent on gas in the blocks after `sinceBlock`. */
export async function gasSpentBy(from: Address, sinceBlock: bigint): Promise<bigint> {
  const client = chain.service.publicClient;
  const latest = await client.getBlockNumber();
  let spent = 0n;
  for (let n = sinceBlock + 1n; n <= latest; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== from.toLowerCase()) continue;
      const r = await client.getTransactionReceipt({ hash: tx.hash });
      spent += r.gasUsed * r.effectiveGasPrice;
    }
  }
  return spent;
}

/** Signs in; with `wallet`, links a fresh funded wallet through SIWE. */
export async function user(email: string, opts: { wallet?: boolean } = {}): Promise<Buyer> {
  const s = await signIn(t.app, { email });
  if (!opts.wallet) return s;
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = createWalletClient({ account, chain: anvil, transport: http(chain.rpcUrl) });
  const { link } = await linkWallet(t.app, s.cookie, account.address, (message) => wallet.signMessage({ message }));
  expect(link.statusCode, link.body).toBe(200);
  await setBalance(account.address, '10');
  return { ...s, account, wallet };
}

export async function createAvatar(cookie: string, name: string, agentType = 'HACKER') {
  const res = await call('POST', '/api/avatars', cookie, { name, agentType });
  expect(res.statusCode, res.body).toBe(201);
  // The mint is a chain-outbox intent: let the writer confirm it, then read the avatar.
  expect(await t.app.chainOutbox!.drain()).toBe(true);
  const fresh = await call('GET', `/api/avatars/${res.json().id}`, cookie);
  return fresh.json() as { id: number; tokenId: number | null; maxEditions: number };
}

export async function setPrice(cookie: string, avatarId: number, priceEth: string | null) {
  const res = await call('PATCH', `/api/avatars/${avatarId}/price`, cookie, { priceEth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Gives an avatar a skill directly (skills are earned by training elsewhere). */
export async function giveSkill(avatarId: number, name: string, proficiency: number) {
  const db = t.database.db;
  await db.insert(skills).values({ name, category: 'technical' }).onConflictDoNothing();
  const [s] = await db.select().from(skills).where(eq(skills.name, name));
  await db
    .insert(avatarSkills)
    .values({ avatarId, skillId: s!.id, proficiency })
    .onConflictDoUpdate({ target: [avatarSkills.avatarId, avatarSkills.skillId], set: { proficiency } });
  return s!.id;
}

export async function listSkill(cookie: string, body: object) {
  const res = await call('POST', '/api/skill-listings', cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; skillId: number; priceWei: string };
}

export async function buyEditionWithWallet(b: Buyer, avatarId: number): Promise<Hash> {
  const q = await call('POST', '/api/purchases/avatar/prepare', b.cookie, { avatarId });
  expect(q.statusCode, q.body).toBe(200);
  const quote = q.json();
  const hash = await b.wallet!.writeContract({
    address: quote.marketplaceAddress,
    abi: marketplaceAbi,
    functionName: 'buyEdition',
    args: [BigInt(quote.avatarId)],
    value: BigInt(quote.priceWei),
    account: b.account!,
    chain: anvil,
  });
  await chain.service.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

export const countRows = async (table: typeof payments | typeof avatarEditions | typeof skillTransactions) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;
