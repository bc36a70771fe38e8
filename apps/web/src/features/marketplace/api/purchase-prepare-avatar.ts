import type { AvatarPurchaseQuote } from '@app/domain/purchases';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/purchases/avatar/prepare {avatarId}: the server readies the series on chain (minted,
 * priced) and answers what the linked wallet must send to `Marketplace.buyEdition`.
 */
export async function prepareAvatarPurchase(avatarId: number): Promise<AvatarPurchaseQuote> {
  const res = await apiRequest('POST', '/api/purchases/avatar/prepare', { avatarId });
  return (await res.json()) as AvatarPurchaseQuote;
}
