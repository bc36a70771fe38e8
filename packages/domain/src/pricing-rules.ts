/**
 * Money arithmetic and display (DESIGN §4 "money is never a float"), without zod: the constants and
 * pure functions that pricing.ts re-exports next to the API's schemas.
 * ETH is the unit of account: the database stores decimal(18,8) ETH (SPEC §3, §9), code moves wei
 * as `bigint`, JSON carries decimal strings. USD is derived for display only, from an ETH/USD rate
 * with 8 decimals — the precision of the Chainlink ETH/USD feed's `answer` — so every conversion is
 * exact integer arithmetic. The web imports this module (not pricing.ts), so a page that only
 * formats prices does not load zod.
 */

/** 1 ETH = 10^18 wei. */
export const WEI_PER_ETH = 10n ** 18n;
/** SPEC §9: "Decimal prices have precision 18 and scale 8" — the most ETH decimals the DB keeps. */
export const ETH_PRICE_SCALE = 8;
/** Decimals of a USD-per-ETH rate: 8, as Chainlink's ETH/USD `answer` (`decimals()` = 8). */
export const USD_RATE_DECIMALS = 8;
/** SPEC §9: "prices with 4 ETH decimals" on marketplace cards and the detail page. */
export const ETH_DISPLAY_DECIMALS = 4;
/** Default of the `ETH_USD_RATE` setting (ours): a round figure, always labelled as configured. */
export const DEFAULT_ETH_USD_RATE = '3000';
/** How long a rate read from the feed is reused (5 minutes), in ms. */
export const ETH_USD_CACHE_MS = 5 * 60 * 1000;

/**
 * Chainlink ETH/USD aggregator proxies (https://docs.chain.link/data-feeds/price-feeds/addresses,
 * network "Base"): Base mainnet and Base Sepolia. `latestRoundData().answer` is USD per ETH × 10^8.
 */
export const CHAINLINK_ETH_USD_FEEDS = {
  base: '0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70',
  'base-sepolia': '0x4aDC67696bA383F43DD60A9e78F2C97Fbbfc7cb1',
} as const;

/**
 * Where a USD figure came from: the Chainlink feed of the configured Base network, or the
 * `ETH_USD_RATE` setting (the label the API shows, so a USD figure is labelled as such).
 */
export const PRICE_SOURCES = ['chainlink:base', 'chainlink:base-sepolia', 'ETH_USD_RATE'] as const;
/** Where a USD figure came from (see {@link PRICE_SOURCES}). */
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** A non-negative decimal with at most `scale` fraction digits, e.g. "0.15" (no sign, no exponent). */
export const decimalPattern = (scale: number) => new RegExp(`^\\d{1,20}(\\.\\d{1,${scale}})?$`);

/** Parses a non-negative decimal string into an integer scaled by 10^decimals; `null` when malformed or too precise. */
function parseScaled(value: string, decimals: number): bigint | null {
  const s = value.trim();
  if (!decimalPattern(decimals).test(s)) return null;
  const [whole = '0', fraction = ''] = s.split('.');
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/**
 * Decimal ETH string → wei. Accepts at most 18 fraction digits; DB values ("0.15000000") are exact.
 * @throws RangeError for a negative, malformed or over-precise amount
 */
export function ethToWei(eth: string): bigint {
  const wei = parseScaled(eth, 18);
  if (wei === null) throw new RangeError(`Not an ETH amount: "${eth}"`);
  return wei;
}

/** Integer `n / d` rounded half up (both non-negative). */
function divRound(n: bigint, d: bigint): bigint {
  return (n + d / 2n) / d;
}

/** `value / 10^decimals` as a decimal string with exactly `decimals` fraction digits. */
function toFixedScaled(value: bigint, decimals: number): string {
  const neg = value < 0n;
  const abs = neg ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(decimals, '0');
  return `${neg ? '-' : ''}${whole}${decimals ? `.${fraction}` : ''}`;
}

/** Drops trailing fraction zeros (and a bare point): "0.15000000" → "0.15", "2.0" → "2". */
function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** Wei → the shortest exact decimal ETH string ("150000000000000000" wei → "0.15"). */
export function weiToEth(wei: bigint): string {
  return trimZeros(toFixedScaled(wei, 18));
}

/** Normalises a stored decimal(18,8) ETH string: "0.15000000" → "0.15"; exact. */
export function normalizeEth(eth: string): string {
  return weiToEth(ethToWei(eth));
}

/**
 * ETH with a fixed number of decimals, rounded half up — SPEC §9 "prices with 4 ETH decimals"
 * (`formatEth("0.15")` → "0.1500"). Accepts a decimal ETH string or wei.
 */
export function formatEth(amount: string | bigint, decimals = ETH_DISPLAY_DECIMALS): string {
  const wei = typeof amount === 'bigint' ? amount : ethToWei(amount);
  const unit = 10n ** BigInt(18 - decimals);
  return toFixedScaled(divRound(wei, unit), decimals);
}

/**
 * USD-per-ETH decimal string → integer rate with {@link USD_RATE_DECIMALS} decimals ("3000" →
 * 300000000000n), the same scale as Chainlink's `answer`.
 * @throws RangeError for a non-positive or malformed rate
 */
export function parseUsdRate(usdPerEth: string): bigint {
  const rate = parseScaled(usdPerEth, USD_RATE_DECIMALS);
  if (rate === null || rate <= 0n) throw new RangeError(`Not a positive USD rate: "${usdPerEth}"`);
  return rate;
}

/** An 8-decimal integer rate back to its decimal string with 8 fraction digits ("3000.00000000"). */
export function formatUsdRate(rate: bigint): string {
  return toFixedScaled(rate, USD_RATE_DECIMALS);
}

/**
 * Wei × rate → whole US cents, rounded half up: `wei · rate / 10^(18 + 8 − 2)` where `rate` has
 * {@link USD_RATE_DECIMALS} decimals. Exact integer arithmetic, no floats.
 */
export function weiToUsdCents(wei: bigint, rate: bigint): bigint {
  return divRound(wei * rate, 10n ** BigInt(18 + USD_RATE_DECIMALS - 2));
}

/** Cents → USD decimal string with 2 fraction digits (12345n → "123.45"). */
export function centsToUsd(cents: bigint): string {
  return toFixedScaled(cents, 2);
}

/** Decimal ETH string (or wei) → USD decimal string with 2 fraction digits at `rate` (8-decimal integer). */
export function ethToUsd(amount: string | bigint, rate: bigint): string {
  const wei = typeof amount === 'bigint' ? amount : ethToWei(amount);
  return centsToUsd(weiToUsdCents(wei, rate));
}

/**
 * USD for display: "$1,234.56" (en-US grouping). Formats the decimal string's digits directly, so
 * no float rounding can creep in.
 */
export function formatUsd(usd: string): string {
  const [whole = '0', fraction = '00'] = usd.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** Sum of decimal ETH strings, exact (used for earnings). */
export function sumEth(amounts: readonly string[]): string {
  return weiToEth(amounts.reduce((acc, a) => acc + ethToWei(a), 0n));
}

/**
 * The Pay button of the card tab: a card is charged in USD — the ETH price at the
 * current rate (the server charges `weiToUsdCents` of the same rate) — so the button names the USD
 * amount, e.g. "PAY $450.00"; "PAY_BY_CARD" while the USD figure is not known. Never an ETH amount.
 */
export function cardPayLabel(priceUsd: string | null | undefined): string {
  return priceUsd ? `PAY ${formatUsd(priceUsd)}` : 'PAY_BY_CARD';
}
