/**
 * One source for every figure: for avatars whose recorded facts are drawn at random
 * (fast-check: chat training, verified tasks, a price, editions sold by card), every API that shows a
 * figure of the avatar shows the same value — XP, level, task count, price in ETH and USD, edition,
 * jobs and success rate — and each follows its rule in packages/domain (levelForXp, ethToUsd,
 * successRatePercent). The chain's XP counts validated work only and matches the DB's validated XP.
 */
import { DEMO_WALLET_ADDRESS } from '@app/domain/blockchain';
import { successRatePercent } from '@app/domain/marketplace';
import { ethToUsd, parseUsdRate } from '@app/domain/pricing';
import { levelForXp } from '@app/domain/training';
import { and, eq, sum } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onChainTasks } from '../../src/db/schema';
import { avatarNftAbi } from '../../src/providers/chain/abis';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
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
const WALLET = DEMO_WALLET_ADDRESS;
let seq = 0;

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/** What one run does to a fresh avatar. */
const PlanArb = fc.record({
  agentType: fc.constantFrom('HACKER', 'CREATOR', 'HUSTLER'),
  chats: fc.integer({ min: 0, max: 3 }),
  verifyCreate: fc.boolean(),
  priceEth: fc.constantFrom('0.01', '0.125', '0.3333', '1.5'),
  cardSales: fc.integer({ min: 0, max: 2 }),
});

describe('one figure per fact across every API', () => {
  it('owner, marketplace, detail, registration file, NFT list and chain agree', async () => {
    const quote = await call('GET', '/api/marketplace/price');
    const rate = parseUsdRate(quote.usdPerEth);

    await fc.assert(
      fc.asyncProperty(PlanArb, async (plan) => {
        const n = ++seq;
        const owner = await signIn(t.app, { email: `fig.owner${n}@x.io` });
        const name = `FIGURE_${n}_${plan.agentType}`;
        const created = await call('POST', '/api/avatars', owner.cookie, { name, agentType: plan.agentType });
        expect(await t.app.chainOutbox!.drain()).toBe(true);
        const id = created.id as number;
        for (let i = 0; i < plan.chats; i++) {
          await call('POST', '/api/avatar/chat', owner.cookie, {
            avatarId: id,
            message: `teach me solidity, lesson ${i}`,
          });
        }
        if (plan.verifyCreate) {
          const v = await call('POST', '/api/blockchain/verify-task', owner.cookie, {
            avatarId: id,
            taskType: 'avatar_create',
            taskData: {},
            userWalletAddress: WALLET,
          });
          expect(v.success).toBe(true);
        }
        await call('PATCH', `/api/avatars/${id}/price`, owner.cookie, { priceEth: plan.priceEth });
        const receipts: { edition: number; tokenId: number }[] = [];
        const buyer = await signIn(t.app, { email: `fig.buyer${n}@x.io` });
        for (let i = 0; i < plan.cardSales; i++) {
          const r = await call('POST', '/api/purchase-avatar', buyer.cookie, {
            avatarId: id,
            paymentMethod: 'card',
            card: CARD_OK,
            idempotencyKey: `figures-${n}-${i}-${Date.now()}`,
          });
          receipts.push({ edition: r.edition, tokenId: r.tokenId });
        }

        // Every view of the avatar.
        const mine = (await call('GET', '/api/avatars', owner.cookie)).find((a: { id: number }) => a.id === id);
        const one = await call('GET', `/api/avatars/${id}`, owner.cookie);
        const card = (await call('GET', `/api/marketplace/avatars?q=${encodeURIComponent(name)}`)).find(
          (a: { id: number }) => a.id === id,
        );
        const detail = await call('GET', `/api/avatar-details/${id}`);
        const file = await call('GET', `/api/nft/metadata/${one.tokenId}`);
        const attr = (k: string) =>
          (file.attributes as { trait_type: string; value: unknown }[]).find((a) => a.trait_type === k)?.value;

        const xp = one.experiencePoints as number;
        for (const view of [mine, card, detail]) {
          expect(view).toMatchObject({
            experiencePoints: xp,
            level: levelForXp(xp),
            totalInteractions: one.totalInteractions,
            edition: one.edition,
            maxEditions: one.maxEditions,
          });
        }
        expect(one.level).toBe(levelForXp(xp));
        expect(attr('Experience')).toBe(xp);
        expect(attr('Level')).toBe(levelForXp(xp));
        expect(one.totalInteractions).toBeGreaterThanOrEqual(plan.chats);

        // Price: ETH is the unit; USD derived from the one quoted rate, the same on card and detail.
        expect(Number(card.priceEth)).toBe(Number(plan.priceEth));
        expect(detail.priceEth).toBe(card.priceEth);
        expect(card.priceUsd).toBe(ethToUsd(card.priceEth, rate));
        expect(detail.priceUsd).toBe(card.priceUsd);

        // Jobs and success rate from the same verified tasks.
        const jobs = detail.jobs as { status: string }[];
        expect(detail.stats.totalJobs).toBe(jobs.length);
        expect(detail.stats.successfulJobs).toBe(jobs.filter((j) => j.status === 'successful').length);
        expect(detail.stats.totalJobs).toBe(plan.verifyCreate ? 1 : 0);
        expect(card.owner.successRate).toBe(
          detail.stats.totalJobs ? successRatePercent(detail.stats.successfulJobs, detail.stats.totalJobs) : null,
        );

        // Editions: the original is #1; each sale's receipt number is the buyer's token's and avatar's.
        expect(one.edition).toBe(1);
        expect(receipts.map((r) => r.edition)).toEqual(receipts.map((_, i) => i + 2));
        const tokens = (await call('GET', '/api/nft/tokens', buyer.cookie)) as { tokenId: number; edition: number }[];
        const copies = (await call('GET', '/api/avatars', buyer.cookie)) as { tokenId: number; edition: number }[];
        expect(tokens.map((x) => x.tokenId).sort()).toEqual(receipts.map((r) => r.tokenId).sort());
        for (const r of receipts) {
          expect(tokens.find((x) => x.tokenId === r.tokenId)?.edition).toBe(r.edition);
          expect(copies.find((x) => x.tokenId === r.tokenId)?.edition).toBe(r.edition);
        }

        // The chain's XP is the validated XP recorded in the DB, with the same level rule.
        const [validated] = await t.database.db
          .select({ xp: sum(onChainTasks.experienceEarned) })
          .from(onChainTasks)
          .where(and(eq(onChainTasks.avatarId, id), eq(onChainTasks.status, 'CONFIRMED')));
        const onChainXp = await chain.service.publicClient.readContract({
          address: chain.service.addresses.avatarNFT,
          abi: avatarNftAbi,
          functionName: 'experienceOf',
          args: [BigInt(one.tokenId)],
        });
        expect(Number(onChainXp)).toBe(Number(validated?.xp ?? 0));
        const onChainLevel = await chain.service.publicClient.readContract({
          address: chain.service.addresses.avatarNFT,
          abi: avatarNftAbi,
          functionName: 'levelOf',
          args: [BigInt(one.tokenId)],
        });
        expect(Number(onChainLevel)).toBe(levelForXp(Number(onChainXp)));
      }),
      { numRuns: 6, seed: Number(process.env.FIGURES_SEED ?? 18_002), endOnFailure: true },
    );
  }, 240_000);
});
