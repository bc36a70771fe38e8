import type { PurchaseResult, PurchaseSkillRequestInput } from '@app/domain/purchases';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/purchase-skill (SPEC §7 {skillId, avatarId, paymentMethod}; `avatarId` is one of the
 * buyer's own avatars): by sandbox card, Stripe, or a wallet `buySkill` transaction (`txHash`).
 */
export async function purchaseSkill(body: PurchaseSkillRequestInput): Promise<PurchaseResult> {
  const res = await apiRequest('POST', '/api/purchase-skill', body);
  return (await res.json()) as PurchaseResult;
}
