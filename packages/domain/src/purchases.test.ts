import { describe, expect, it } from 'vitest';
import { ethToWei } from './pricing';
import {
  CreateSkillListingSchema,
  PriceEthSchema,
  PurchaseAvatarRequestSchema,
  PurchaseSkillRequestSchema,
  purchaseSuccessText,
  splitSale,
} from './purchases';

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
