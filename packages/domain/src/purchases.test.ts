import { describe, expect, it } from 'vitest';
import { ethToWei } from './pricing';
import {
  CardInputSchema,
  CreateSkillListingSchema,
  cardBrandOf,
  formatCardNumberInput,
  formatExpiryInput,
  isExpired,
  luhnValid,
  PriceEthSchema,
  PurchaseAvatarRequestSchema,
  PurchaseSkillRequestSchema,
  parseExpiry,
  purchaseSuccessText,
  SANDBOX_TEST_CARDS,
  splitSale,
} from './purchases';

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

describe('purchase requests', () => {
  it('needs a txHash for crypto and an idempotency key for cards', () => {
    expect(PurchaseSkillRequestSchema.safeParse({ skillId: 1, avatarId: 2, paymentMethod: 'crypto' }).success).toBe(
      false,
    );
    expect(
      PurchaseSkillRequestSchema.safeParse({
        skillId: 1,
        avatarId: 2,
        paymentMethod: 'crypto',
        txHash: `0x${'a'.repeat(64)}`,
      }).success,
    ).toBe(true);
    expect(PurchaseAvatarRequestSchema.safeParse({ avatarId: 2, paymentMethod: 'card' }).success).toBe(false);
    expect(
      PurchaseAvatarRequestSchema.safeParse({ avatarId: 2, paymentMethod: 'card', idempotencyKey: 'attempt-0001' })
        .success,
    ).toBe(true);
    expect(PurchaseAvatarRequestSchema.safeParse({ avatarId: 2, paymentMethod: 'cash' }).success).toBe(false);
  });

  it('says the SPEC §8 success text', () => {
    expect(purchaseSuccessText('Solidity')).toBe("You've successfully acquired Solidity");
  });
});

describe('selling', () => {
  it('accepts prices above zero with at most 8 decimals', () => {
    expect(PriceEthSchema.parse(' 0.05 ')).toBe('0.05');
    expect(PriceEthSchema.parse('0.00000001')).toBe('0.00000001');
    for (const bad of ['0', '0.0', '-1', '0.000000001', '1e3', 'abc', '10000000']) {
      expect(PriceEthSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuses a past expiry and a proficiency outside 1..100', () => {
    const base = { avatarId: 1, skillId: 2, priceEth: '0.05', proficiencyLevel: 50 };
    expect(CreateSkillListingSchema.safeParse(base).success).toBe(true);
    expect(CreateSkillListingSchema.safeParse({ ...base, expiresAt: '2001-01-01T00:00:00Z' }).success).toBe(false);
    expect(
      CreateSkillListingSchema.safeParse({ ...base, expiresAt: new Date(Date.now() + 3600_000).toISOString() }).success,
    ).toBe(true);
    expect(CreateSkillListingSchema.safeParse({ ...base, proficiencyLevel: 0 }).success).toBe(false);
    expect(CreateSkillListingSchema.safeParse({ ...base, proficiencyLevel: 101 }).success).toBe(false);
  });
});

describe('splitSale (Marketplace._settle)', () => {
  it('takes the fee rounded down, caps the royalty, gives the seller the rest', () => {
    const price = ethToWei('0.15');
    expect(splitSale(price, 250)).toEqual({ fee: ethToWei('0.00375'), royalty: 0n, seller: ethToWei('0.14625') });
    const r = splitSale(price, 250, ethToWei('0.0075'));
    expect(r.fee + r.royalty + r.seller).toBe(price);
    expect(splitSale(10n, 1000, 100n)).toEqual({ fee: 1n, royalty: 9n, seller: 0n });
    expect(splitSale(7n, 250)).toEqual({ fee: 0n, royalty: 0n, seller: 7n });
    expect(() => splitSale(1n, 10_001)).toThrow(RangeError);
  });
});
