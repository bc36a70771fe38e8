/**
 * The ETH/USD price service: the Chainlink feed on base / base-sepolia (read
 * through a fake client, cached 5 min, stale or failing rounds fall back to ETH_USD_RATE) and the
 * setting elsewhere; GET /api/marketplace/price.
 */
import { CHAINLINK_ETH_USD_FEEDS, ETH_USD_CACHE_MS } from '@app/domain/pricing';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import {
  createPriceService,
  FALLBACK_RETRY_MS,
  FEED_MAX_AGE_MS,
  type FeedReader,
} from '../../src/modules/marketplace/price-service';
import { createTestApp, type TestApp } from '../helpers/app';

/** A fake aggregator: `answer` is USD × 10^8; counts reads; can fail. */
function fakeFeed(state: { answer: bigint; updatedAt: number; fail?: boolean; decimals?: number }) {
  const calls: { address: string; functionName: string }[] = [];
  const reader: FeedReader = {
    async readContract({ address, functionName }) {
      calls.push({ address, functionName });
      if (state.fail) throw new Error('rpc down');
      if (functionName === 'decimals') return state.decimals ?? 8;
      return [1n, state.answer, 0n, BigInt(Math.floor(state.updatedAt / 1000)), 1n] as const;
    },
  };
  return { reader, calls };
}

describe('price service', () => {
  it('uses ETH_USD_RATE without a feed (anvil, none), labelled as such', async () => {
    for (const CHAIN of ['anvil', 'none'] as const) {
      const q = await createPriceService({ config: { CHAIN, ETH_USD_RATE: '3125.5' } }).quote();
      expect(q.rate).toBe(312_550_000_000n);
      expect(q.source).toBe('ETH_USD_RATE');
    }
  });

  it('reads latestRoundData of the Base feed and caches it for 5 minutes', async () => {
    let now = Date.UTC(2025, 0, 1);
    const state = { answer: 345_678_000_000n, updatedAt: now - 60_000 };
    const { reader, calls } = fakeFeed(state);
    const prices = createPriceService({ config: { CHAIN: 'base', ETH_USD_RATE: '3000' }, reader, now: () => now });

    const [a, b] = await Promise.all([prices.quote(), prices.quote()]); // one in-flight read
    expect(a).toEqual({ rate: 345_678_000_000n, source: 'chainlink:base', updatedAt: new Date(state.updatedAt) });
    expect(b).toBe(a);
    expect(calls.filter((c) => c.functionName === 'latestRoundData')).toHaveLength(1);
    expect(calls[0]!.address).toBe(CHAINLINK_ETH_USD_FEEDS.base);

    state.answer = 400_000_000_000n;
    state.updatedAt = now;
    now += ETH_USD_CACHE_MS - 1;
    expect((await prices.quote()).rate).toBe(345_678_000_000n);
    now += 2;
    expect((await prices.quote()).rate).toBe(400_000_000_000n);
    expect(calls.filter((c) => c.functionName === 'decimals')).toHaveLength(1);
  });

  it('uses the Base Sepolia feed on base-sepolia and rescales other decimals', async () => {
    const now = Date.UTC(2025, 0, 1);
    const { reader, calls } = fakeFeed({ answer: 3_000_000_000_000_000_000_000n, updatedAt: now, decimals: 18 });
    const q = await createPriceService({
      config: { CHAIN: 'base-sepolia', ETH_USD_RATE: '1' },
      reader,
      now: () => now,
    }).quote();
    expect(q).toMatchObject({ rate: 300_000_000_000n, source: 'chainlink:base-sepolia' });
    expect(calls[0]!.address).toBe(CHAINLINK_ETH_USD_FEEDS['base-sepolia']);
  });

  it('falls back to ETH_USD_RATE when the feed fails, is stale or answers ≤ 0, and retries later', async () => {
    let now = Date.UTC(2025, 0, 1);
    const warnings: string[] = [];
    const state = { answer: 350_000_000_000n, updatedAt: now - FEED_MAX_AGE_MS - 1, fail: false };
    const { reader } = fakeFeed(state);
    const prices = createPriceService({
      config: { CHAIN: 'base', ETH_USD_RATE: '2000' },
      reader,
      now: () => now,
      warn: (m) => warnings.push(m),
    });
    expect(await prices.quote()).toMatchObject({ rate: 200_000_000_000n, source: 'ETH_USD_RATE' });
    expect(warnings).toHaveLength(1);

    state.fail = true;
    now += FALLBACK_RETRY_MS + 1;
    expect((await prices.quote()).source).toBe('ETH_USD_RATE');
    expect(warnings).toHaveLength(1); // logged once per failure streak

    state.fail = false;
    state.answer = 0n;
    state.updatedAt = now;
    now += FALLBACK_RETRY_MS + 1;
    expect((await prices.quote()).source).toBe('ETH_USD_RATE');

    state.answer = 350_000_000_000n;
    state.updatedAt = now;
    now += FALLBACK_RETRY_MS + 1;
    expect(await prices.quote()).toMatchObject({ rate: 350_000_000_000n, source: 'chainlink:base' });
  });
});

describe('ETH_USD_RATE setting', () => {
  it('refuses a bad ETH_USD_RATE at start-up', () => {
    for (const bad of ['-5', '0', 'abc', '1e3', '3000.123456789']) {
      expect(() => loadConfig({ NODE_ENV: 'test', ETH_USD_RATE: bad }), bad).toThrow(/ETH_USD_RATE/);
    }
    expect(loadConfig({ NODE_ENV: 'test' }).ETH_USD_RATE).toBe('3000');
  });
});

describe('GET /api/marketplace/price', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('names the rate and its source', async () => {
    t = await createTestApp({ ETH_USD_RATE: '2750.25' });
    const res = await t.app.inject({ method: 'GET', url: '/api/marketplace/price' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ usdPerEth: '2750.25000000', source: 'ETH_USD_RATE' });
  });
});
