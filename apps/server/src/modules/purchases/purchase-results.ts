/**
 * What a purchase answers (PurchaseResultSchema, packages/domain): a completed edition or skill sale,
 * a Stripe/processing card payment still pending, or a fulfilled card payment read back from its row.
 * Pure shaping, plus the reads a stored card payment needs (series, edition, skill, proficiency).
 */
import { weiToEth } from '@app/domain/pricing';
import type { PurchaseResult } from '@app/domain/purchases';
import { lower, type PurchaseContext, type PurchaseSpec } from './purchase-context';
import type { AvatarRow, PaymentRow } from './purchases-repository';
import * as repo from './purchases-repository';

export class PurchaseResults {
  constructor(private readonly ctx: PurchaseContext) {}

  editionResult(p: {
    series: AvatarRow;
    buyerAvatarId: number | null;
    tokenId: number;
    edition: number;
    priceWei: bigint;
    transactionHash: string;
    paymentMethod: 'card' | 'crypto';
    paymentId?: number;
    card?: string | null;
  }): PurchaseResult {
    return {
      status: 'completed',
      kind: 'avatar',
      paymentMethod: p.paymentMethod,
      name: p.series.name,
      transactionHash: lower(p.transactionHash),
      avatarId: p.buyerAvatarId,
      seriesAvatarId: p.series.id,
      tokenId: p.tokenId,
      edition: p.edition,
      skillId: null,
      proficiency: null,
      priceWei: p.priceWei.toString(),
      priceEth: weiToEth(p.priceWei),
      paymentId: p.paymentId ?? null,
      clientSecret: null,
      card: p.card ?? null,
    };
  }

  skillResult(p: {
    skillName: string;
    skillId: number;
    avatarId: number;
    proficiency: number | null;
    priceWei: bigint;
    transactionHash: string | null;
    paymentMethod: 'card' | 'crypto';
    paymentId?: number;
    card?: string | null;
  }): PurchaseResult {
    return {
      status: 'completed',
      kind: 'skill',
      paymentMethod: p.paymentMethod,
      name: p.skillName,
      transactionHash: p.transactionHash ? lower(p.transactionHash) : null,
      avatarId: p.avatarId,
      seriesAvatarId: null,
      tokenId: null,
      edition: null,
      skillId: p.skillId,
      proficiency: p.proficiency,
      priceWei: p.priceWei.toString(),
      priceEth: weiToEth(p.priceWei),
      paymentId: p.paymentId ?? null,
      clientSecret: null,
      card: p.card ?? null,
    };
  }

  pendingResult(payment: PaymentRow, spec: PurchaseSpec, clientSecret: string): PurchaseResult {
    const base =
      spec.kind === 'avatar'
        ? this.editionResult({
            series: spec.series,
            buyerAvatarId: null,
            tokenId: 0,
            edition: 0,
            priceWei: spec.priceWei,
            transactionHash: '',
            paymentMethod: 'card',
          })
        : this.skillResult({
            skillName: spec.skillName,
            skillId: spec.listing.skillId,
            avatarId: spec.buyerAvatar.id,
            proficiency: spec.listing.proficiencyLevel,
            priceWei: spec.priceWei,
            transactionHash: null,
            paymentMethod: 'card',
          });
    return {
      ...base,
      status: 'requires_payment',
      transactionHash: null,
      tokenId: null,
      edition: null,
      paymentId: payment.id,
      clientSecret,
    };
  }

  /** The result of a fulfilled card payment. */
  async paymentResult(p: PaymentRow): Promise<PurchaseResult> {
    const card = p.cardLast4 ? `${p.cardBrand ?? 'Card'} •••• ${p.cardLast4}` : null;
    if (p.kind === 'avatar') {
      const [series, edition] = await Promise.all([
        repo.findAvatar(this.ctx.db, p.seriesAvatarId!),
        p.tokenId ? repo.findEditionByToken(this.ctx.db, p.tokenId) : null,
      ]);
      return this.editionResult({
        series: series!,
        buyerAvatarId: p.buyerAvatarId,
        tokenId: p.tokenId ?? 0,
        edition: edition?.edition ?? 0,
        priceWei: BigInt(p.amountWei),
        transactionHash: p.transactionHash ?? '',
        paymentMethod: 'card',
        paymentId: p.id,
        card,
      });
    }
    const [skill, have] = await Promise.all([
      repo.findSkill(this.ctx.db, p.skillId!),
      repo.findAvatarSkill(this.ctx.db, p.buyerAvatarId!, p.skillId!),
    ]);
    return this.skillResult({
      skillName: skill?.name ?? 'the skill',
      skillId: p.skillId!,
      avatarId: p.buyerAvatarId!,
      proficiency: have?.proficiency ?? null,
      priceWei: BigInt(p.amountWei),
      transactionHash: p.transactionHash,
      paymentMethod: 'card',
      paymentId: p.id,
      card,
    });
  }
}
