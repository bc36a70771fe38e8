/**
 * The ETH/USD rate USD prices are derived from (ETH is the unit of account):
 * - CHAIN=base or base-sepolia: the Chainlink ETH/USD feed at ETH_USD_FEED_ADDRESS, by default that
 *   network's (`latestRoundData().answer`, 8 decimals; addresses in @app/domain/pricing), cached for
 *   {@link ETH_USD_CACHE_MS} (5 min). A failed read, a non-positive answer or a round older than
 *   {@link FEED_MAX_AGE_MS} falls back to the setting for {@link FALLBACK_RETRY_MS}, logged once.
 * - otherwise (anvil, none): the `ETH_USD_RATE` setting (default 3000), labelled `ETH_USD_RATE`.
 * Concurrent callers share one in-flight feed read.
 */
import {
  CHAINLINK_ETH_USD_FEEDS,
  ETH_USD_CACHE_MS,
  type EthUsdQuote,
  formatUsdRate,
  type PriceSource,
  parseUsdRate,
  USD_RATE_DECIMALS,
} from '@app/domain/pricing';
import { type Address, parseAbi } from 'viem';
import type { Config } from '../../config';

/** Chainlink AggregatorV3Interface, the two reads we need. */
const AGGREGATOR_ABI = parseAbi([
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
  'function decimals() view returns (uint8)',
]);

/**
 * A round older than this is stale (ours): the Base ETH/USD feed updates at least every 20 min
 * (its heartbeat) or on a 0.15% move, so an hour without a round means the feed is not live.
 */
export const FEED_MAX_AGE_MS = 60 * 60 * 1000;
/** After a failed feed read, how long the fallback rate is used before trying the feed again (ours). */
export const FALLBACK_RETRY_MS = 60 * 1000;

/** The subset of a viem PublicClient the feed read needs (tests pass a fake). */
export interface FeedReader {
  readContract(args: { address: Address; abi: typeof AGGREGATOR_ABI; functionName: string }): Promise<unknown>;
}

/** A quote with the rate as an 8-decimal integer, for exact conversions. */
export interface PriceQuote {
  /** USD per ETH × 10^8. */
  rate: bigint;
  source: PriceSource;
  updatedAt: Date;
}

export interface PriceService {
  /** The current rate (cached). Never throws: the feed falls back to the setting. */
  quote(): Promise<PriceQuote>;
}

/** The API shape of a quote (`GET /api/marketplace/price`). */
export function toQuoteJson(q: PriceQuote): EthUsdQuote {
  return { usdPerEth: formatUsdRate(q.rate), source: q.source, updatedAt: q.updatedAt.toISOString() };
}

/**
 * Builds the price service for the configuration.
 * @param opts.reader the chain's public client (required for a feed on base / base-sepolia)
 * @param opts.now clock (tests)
 * @param opts.warn called once per feed failure streak
 */
export function createPriceService(opts: {
  config: Pick<Config, 'CHAIN' | 'ETH_USD_RATE'> & Partial<Pick<Config, 'ETH_USD_FEED_ADDRESS'>>;
  reader?: FeedReader | null;
  now?: () => number;
  warn?: (message: string) => void;
}): PriceService {
  const now = opts.now ?? Date.now;
  const fallbackRate = parseUsdRate(opts.config.ETH_USD_RATE);
  const fallback = (): PriceQuote => ({ rate: fallbackRate, source: 'ETH_USD_RATE', updatedAt: new Date(now()) });
  const chain = opts.config.CHAIN;
  const feed =
    chain === 'base' || chain === 'base-sepolia'
      ? (opts.config.ETH_USD_FEED_ADDRESS ?? CHAINLINK_ETH_USD_FEEDS[chain])
      : null;
  const reader = opts.reader ?? null;
  if (!feed || !reader) {
    return { quote: async () => fallback() };
  }
  const source: PriceSource = chain === 'base' ? 'chainlink:base' : 'chainlink:base-sepolia';

  let cached: { quote: PriceQuote; until: number } | null = null;
  let inFlight: Promise<PriceQuote> | null = null;
  let failing = false;
  let decimals: number | null = null;

  async function readFeed(): Promise<PriceQuote> {
    decimals ??= Number(
      await reader!.readContract({ address: feed as Address, abi: AGGREGATOR_ABI, functionName: 'decimals' }),
    );
    const round = (await reader!.readContract({
      address: feed as Address,
      abi: AGGREGATOR_ABI,
      functionName: 'latestRoundData',
    })) as readonly [bigint, bigint, bigint, bigint, bigint];
    const answer = round[1];
    const updatedAtMs = Number(round[3]) * 1000;
    if (answer <= 0n) throw new Error(`feed answered ${answer}`);
    if (now() - updatedAtMs > FEED_MAX_AGE_MS)
      throw new Error(`feed round is stale (${new Date(updatedAtMs).toISOString()})`);
    // Rescale the answer to USD_RATE_DECIMALS (8 on every Chainlink USD feed; kept general).
    const shift = USD_RATE_DECIMALS - decimals;
    const rate = shift >= 0 ? answer * 10n ** BigInt(shift) : answer / 10n ** BigInt(-shift);
    return { rate, source, updatedAt: new Date(updatedAtMs) };
  }

  return {
    async quote() {
      if (cached && now() < cached.until) return cached.quote;
      inFlight ??= readFeed()
        .then((quote) => {
          failing = false;
          cached = { quote, until: now() + ETH_USD_CACHE_MS };
          return quote;
        })
        .catch((err: unknown) => {
          if (!failing) opts.warn?.(`ETH/USD feed ${feed} unreadable, using ETH_USD_RATE: ${String(err)}`);
          failing = true;
          const quote = fallback();
          cached = { quote, until: now() + FALLBACK_RETRY_MS };
          return quote;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
  };
}
