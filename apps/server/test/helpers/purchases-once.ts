/**
 * What the exactly-once purchase tests (modules/purchases-once.test.ts, purchases-idempotency.test.ts)
 * add to the purchase tests' set-up (./purchases.ts, re-exported here: the app, the chain, buyers,
 * avatars, cards): POSTs with an Idempotency-Key, listed skills, priced series, and the platform's
 * chain calls. `chain` and `t` are live bindings, set by {@link useOnceApp}'s beforeAll.
 */
import { eq } from 'drizzle-orm';
import { decodeFunctionData } from 'viem';
import { expect } from 'vitest';
import { avatarSkills, avatars, payments, skills } from '../../src/db/schema';
import { avatarNftAbi } from '../../src/providers/chain/abis';
import type { TestApp } from './app';
import { type Buyer, chain, createAvatar, setPrice, t } from './purchases';

// One set-up with the other purchase tests: the app, the chain, buyers, avatars and cards.
export {
  type Buyer,
  CARD_OK,
  chain,
  createAvatar,
  newKey,
  t,
  usePurchaseApp as useOnceApp,
  user,
} from './purchases';

/** Concurrent attempts per exactly-once test. */
export const TEN = 10;

/** POSTs `payload` to `url` as `cookie`, with an Idempotency-Key header when `key` is given. */
export function call(app: TestApp, url: string, cookie: string, payload: object, key?: string) {
  const headers: Record<string, string> = { cookie };
  if (key) headers['idempotency-key'] = key;
  return app.app.inject({ method: 'POST', url, headers, payload });
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

/** A seller's new avatar priced at 0.01 ETH (an edition series on sale). */
export async function pricedSeries(seller: Buyer, name: string) {
  const series = await createAvatar(seller.cookie, name);
  await setPrice(seller.cookie, series.id, '0.01');
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
