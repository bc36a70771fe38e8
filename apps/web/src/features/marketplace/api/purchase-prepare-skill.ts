import type { PrepareSkillPurchase, SkillPurchaseQuote } from '@app/domain/purchases';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/purchases/skill/prepare {skillId, avatarId, listingId?}: the server mirrors the listing on
 * chain and answers what the linked wallet must send to `Marketplace.buySkill`.
 */
export async function prepareSkillPurchase(input: PrepareSkillPurchase): Promise<SkillPurchaseQuote> {
  const res = await apiRequest('POST', '/api/purchases/skill/prepare', input);
  return (await res.json()) as SkillPurchaseQuote;
}
