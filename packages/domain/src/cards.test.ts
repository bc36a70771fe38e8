import { describe, expect, it } from 'vitest';
import {
  CardInputSchema,
  cardBrandOf,
  formatCardNumberInput,
  formatExpiryInput,
  isExpired,
  luhnValid,
  parseExpiry,
  SANDBOX_TEST_CARDS,
} from './cards';

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

describe('cards', () => {
  it('passes the Luhn check for the documented test numbers and fails a changed digit', () => {
    for (const n of Object.keys(SANDBOX_TEST_CARDS)) expect(luhnValid(n), n).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4000000000000001')).toBe(false);
    expect(luhnValid('42424242')).toBe(false); // too short
    expect(luhnValid('4242a42424242424')).toBe(false);
  });

  it('maps each test number to its documented outcome', () => {
    expect(SANDBOX_TEST_CARDS['4242424242424242']).toBe('succeeds');
    expect(SANDBOX_TEST_CARDS['4000000000000002']).toBe('declined');
    expect(SANDBOX_TEST_CARDS['4000000000009995']).toBe('retry');
  });

  it('parses MM/YY and knows when a card expired (valid through its month, UTC)', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('04 / 29')).toEqual({ month: 4, year: 2029 });
    for (const bad of ['4/29', '13/29', '00/29', '0429', '04/2029', '']) expect(parseExpiry(bad), bad).toBeNull();
    const now = new Date(Date.UTC(2027, 5, 30, 23, 59)); // June 2027
    expect(isExpired({ month: 6, year: 2027 }, now)).toBe(false);
    expect(isExpired({ month: 5, year: 2027 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2028 }, now)).toBe(false);
    expect(isExpired({ month: 12, year: 2026 }, now)).toBe(true);
  });

  it('validates the dialog fields with one message per problem and normalises the number', () => {
    const ok = CardInputSchema.parse({ number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvv: '123' });
    expect(ok.number).toBe('4242424242424242');
    const messages = (input: object) =>
      CardInputSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(messages({ number: '4242 4242 4242 4241', expiry: `12/${nextYear}`, cvv: '123' })).toEqual([
      'number: Card number is invalid (checksum)',
    ]);
    expect(messages({ number: '4242424242424242', expiry: '01/20', cvv: '123' })).toEqual(['expiry: Card has expired']);
    expect(messages({ number: '4242424242424242', expiry: '2030-01', cvv: '123' })).toEqual([
      'expiry: Expiry must be MM/YY',
    ]);
    expect(messages({ number: '4242424242424242', expiry: `12/${nextYear}`, cvv: '12' })).toEqual([
      'cvv: CVV must be 3 or 4 digits',
    ]);
  });

  it('formats the inputs while typing', () => {
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('4242 42x')).toBe('4242 42');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('123')).toBe('12/3');
    expect(formatExpiryInput('12/345')).toBe('12/34');
    expect(cardBrandOf('4242424242424242')).toBe('Visa');
    expect(cardBrandOf('5555555555554444')).toBe('Mastercard');
    expect(cardBrandOf('378282246310005')).toBe('Amex');
  });
});
