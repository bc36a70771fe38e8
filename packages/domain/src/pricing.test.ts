import { describe, expect, it } from 'vitest';
import {
  cardPayLabel,
  centsToUsd,
  ethToUsd,
  ethToWei,
  formatEth,
  formatUsd,
  formatUsdRate,
  normalizeEth,
  parseUsdRate,
  sumEth,
  weiToEth,
  weiToUsdCents,
} from './pricing';

describe('ETH amounts (wei, never floats)', () => {
  it('parses decimal ETH to exact wei', () => {
    expect(ethToWei('0.15')).toBe(150_000_000_000_000_000n);
    expect(ethToWei('0.15000000')).toBe(150_000_000_000_000_000n);
    expect(ethToWei('1')).toBe(10n ** 18n);
    expect(ethToWei('0.000000000000000001')).toBe(1n);
    // 0.1 + 0.2 is exact here
    expect(ethToWei('0.1') + ethToWei('0.2')).toBe(ethToWei('0.3'));
  });

  it('refuses negative, malformed and over-precise amounts', () => {
    for (const bad of ['-1', '', '1e3', '0.1.2', 'abc', '0.0000000000000000001', '.5']) {
      expect(() => ethToWei(bad), bad).toThrow(RangeError);
    }
  });

  it('prints wei as the shortest exact decimal', () => {
    expect(weiToEth(150_000_000_000_000_000n)).toBe('0.15');
    expect(weiToEth(2n * 10n ** 18n)).toBe('2');
    expect(weiToEth(0n)).toBe('0');
    expect(weiToEth(1n)).toBe('0.000000000000000001');
    expect(normalizeEth('0.35000000')).toBe('0.35');
    expect(sumEth(['0.1', '0.2', '0.00000001'])).toBe('0.30000001');
  });

  it('shows 4 ETH decimals, rounded half up (SPEC §9)', () => {
    expect(formatEth('0.15')).toBe('0.1500');
    expect(formatEth('0.12345')).toBe('0.1235');
    expect(formatEth('0.12344999')).toBe('0.1234');
    expect(formatEth('12')).toBe('12.0000');
    expect(formatEth(1n)).toBe('0.0000');
    expect(formatEth('0.5', 2)).toBe('0.50');
  });
});

describe('USD derived from an 8-decimal ETH/USD rate', () => {
  it('parses and prints rates', () => {
    expect(parseUsdRate('3000')).toBe(300_000_000_000n);
    expect(parseUsdRate('3456.78901234')).toBe(345_678_901_234n);
    expect(formatUsdRate(300_000_000_000n)).toBe('3000.00000000');
    for (const bad of ['0', '-1', 'x', '1.123456789']) expect(() => parseUsdRate(bad), bad).toThrow(RangeError);
  });

  it('converts exactly, rounding cents half up', () => {
    const rate = parseUsdRate('3000');
    expect(ethToUsd('0.15', rate)).toBe('450.00');
    expect(ethToUsd('0.00000001', rate)).toBe('0.00'); // 0.00003 USD
    expect(ethToUsd('1', parseUsdRate('2500.125'))).toBe('2500.13');
    expect(weiToUsdCents(ethToWei('0.0000016666'), rate)).toBe(0n); // 0.0049998 USD
    expect(weiToUsdCents(ethToWei('0.0000016667'), rate)).toBe(1n); // 0.0050001 USD
    expect(ethToUsd(10n ** 18n * 1_000_000n, rate)).toBe('3000000000.00');
    expect(centsToUsd(5n)).toBe('0.05');
  });

  it('formats USD with grouping, without floats', () => {
    expect(formatUsd('450.00')).toBe('$450.00');
    expect(formatUsd('1234567.5')).toBe('$1,234,567.50');
    expect(formatUsd('0.05')).toBe('$0.05');
  });
});

describe('cardPayLabel (the card tab pays USD)', () => {
  it('names the USD amount, never ETH', () => {
    expect(cardPayLabel('1050.00')).toBe('PAY $1,050.00');
    expect(cardPayLabel('120.5')).toBe('PAY $120.50');
    expect(cardPayLabel(null)).toBe('PAY_BY_CARD');
    expect(cardPayLabel(undefined)).not.toMatch(/ETH/);
  });
});
