import { describe, expect, it } from 'vitest';
import {
  cardSkills,
  MARKETPLACE_DEFAULT_LIMIT,
  MarketplaceQuerySchema,
  successRatePercent,
  verificationBadgeLabel,
} from './marketplace';

describe('marketplace query', () => {
  it('defaults every parameter (SPEC §7 sends none)', () => {
    expect(MarketplaceQuerySchema.parse({})).toEqual({
      category: 'all',
      sort: 'featured',
      limit: MARKETPLACE_DEFAULT_LIMIT,
    });
  });

  it('trims the search text and drops a blank one', () => {
    expect(MarketplaceQuerySchema.parse({ q: '  neon  ' }).q).toBe('neon');
    expect(MarketplaceQuerySchema.parse({ q: '   ' }).q).toBeUndefined();
  });

  it('accepts the SPEC §9 options and refuses others', () => {
    for (const sort of ['featured', 'price_low', 'price_high', 'level', 'experience']) {
      expect(MarketplaceQuerySchema.safeParse({ sort }).success).toBe(true);
    }
    for (const category of ['all', 'creative', 'analytical', 'technical', 'security']) {
      expect(MarketplaceQuerySchema.safeParse({ category }).success).toBe(true);
    }
    expect(MarketplaceQuerySchema.safeParse({ sort: 'name' }).success).toBe(false);
    expect(MarketplaceQuerySchema.safeParse({ category: 'music' }).success).toBe(false);
  });

  it('bounds limit to 1..100 and checks the cursor alphabet', () => {
    expect(MarketplaceQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(MarketplaceQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(MarketplaceQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(MarketplaceQuerySchema.safeParse({ limit: '2.5' }).success).toBe(false);
    expect(MarketplaceQuerySchema.safeParse({ cursor: 'abc_-09' }).success).toBe(true);
    expect(MarketplaceQuerySchema.safeParse({ cursor: 'a+b/=' }).success).toBe(false);
  });
});

describe('card and analytics helpers', () => {
  it('shows at most 4 skills and counts the rest (SPEC §2 "+N more")', () => {
    expect(cardSkills([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(cardSkills([1, 2, 3, 4, 5, 6])).toEqual({ shown: [1, 2, 3, 4], more: 2 });
  });

  it('labels the verification badge (SPEC §4)', () => {
    expect(verificationBadgeLabel('verified')).toBe('Blockchain Verified');
    expect(verificationBadgeLabel('pending')).toBe('Pending Verification');
    expect(verificationBadgeLabel('failed')).toBe('Pending Verification');
  });

  it('computes the success rate with one decimal (SPEC §2 Analytics)', () => {
    expect(successRatePercent(2, 3)).toBe(66.7);
    expect(successRatePercent(1, 8)).toBe(12.5);
    expect(successRatePercent(5, 5)).toBe(100);
    expect(successRatePercent(0, 0)).toBe(0);
  });
});
