import type { PurchaseAvatarRequestInput, PurchaseResult } from '@app/domain/purchases';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/purchase-avatar: buys the next edition of an avatar — by sandbox card (`card` fields),
 * by Stripe (no card fields: answers `requires_payment` with a client secret for Elements), or
 * records a wallet purchase (`txHash` of `Marketplace.buyEdition`). 201 new, 200 the same purchase
 * again (same idempotency key or hash), 402 card declined / retry.
 */
export async function purchaseAvatar(body: PurchaseAvatarRequestInput): Promise<PurchaseResult> {
  const res = await apiRequest('POST', '/api/purchase-avatar', body);
  return (await res.json()) as PurchaseResult;
}
