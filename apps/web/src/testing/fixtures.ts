import type { MarketplaceAvatar } from '@app/domain/marketplace';

/** A marketplace avatar as `GET /api/marketplace/avatars` returns it; override any field. */
export function makeMarketplaceAvatar(overrides: Partial<MarketplaceAvatar> = {}): MarketplaceAvatar {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `AVATAR_${id}`,
    description: 'A test avatar.',
    thumbnailUrl: null,
    edition: 1,
    maxEditions: 5,
    level: 2,
    experiencePoints: 3000,
    totalInteractions: 12,
    featured: false,
    priceUsd: '450.00',
    priceEth: '0.15',
    priceWei: '150000000000000000',
    skills: [],
    owner: {
      firstName: 'Nova',
      lastName: 'Kade',
      profileImageUrl: null,
      joinedDate: '2026-01-01T00:00:00.000Z',
      totalSales: 0,
      successRate: null,
    },
    verificationStatus: 'verified',
    category: 'security',
    agentType: 'HACKER',
    ...overrides,
  };
}
