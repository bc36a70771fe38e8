/**
 * Prices (DESIGN §4 "money is never a float"). ETH is the unit of account: the
 * database stores decimal(18,8) ETH (SPEC §3, §9), code moves wei as `bigint`, JSON carries decimal
 * strings. USD is derived for display only, from an ETH/USD rate with 8 decimals — the precision of
 * the Chainlink ETH/USD feed's `answer` — so every conversion is exact integer arithmetic.
 * Pure functions, no I/O: the server's price service picks the rate (Chainlink on Base, else the
 * `ETH_USD_RATE` setting) and the web formats with the same helpers. The constants and functions
 * live in pricing-rules.ts (no zod, what the web imports) and are re-exported here with the API's schemas.
 */
import { z } from 'zod';
import { decimalPattern, PRICE_SOURCES, USD_RATE_DECIMALS } from './pricing-rules';

export * from './pricing-rules';

export const PriceSourceSchema = z.enum(PRICE_SOURCES);

/** An ETH amount as the API carries it: a decimal string with at most 18 fraction digits. */
export const EthAmountSchema = z.string().regex(decimalPattern(18), 'Must be a decimal ETH amount like "0.15"');
/** A USD amount as the API carries it: a decimal string with 2 fraction digits, e.g. "450.00". */
export const UsdAmountSchema = z.string().regex(/^\d+\.\d{2}$/);
/** A USD-per-ETH rate as the API carries it: a decimal string with up to 8 fraction digits. */
export const UsdRateSchema = z.string().regex(decimalPattern(USD_RATE_DECIMALS));

/** `GET /api/marketplace/price`: the rate USD prices are derived from, and its source. */
export const EthUsdQuoteSchema = z.object({
  /** USD per 1 ETH, decimal string with 8 fraction digits. */
  usdPerEth: UsdRateSchema,
  source: PriceSourceSchema,
  /** When the rate was last updated: the feed round's `updatedAt`, or when the setting was read. */
  updatedAt: z.string(),
});
export type EthUsdQuote = z.infer<typeof EthUsdQuoteSchema>;
