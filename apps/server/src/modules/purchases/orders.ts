/**
 * Orders: whether an item may be bought, and the order row of a card attempt.
 * An order is a `payments` row opened (status `processing`) in one transaction before any charge,
 * under the row lock of the buyer's avatar (skill) or of the series (edition). Refused with 409
 * whatever the idempotency key: a skill the avatar already has at ≥ the listed proficiency, another
 * open order for the same (avatar, skill) or (buyer, series) (partial unique indexes
 * payments_open_*_order_uq), a sold-out series (open reservations counted). Also the other refusals
 * of SPEC §2 (own avatar or listing, inactive, expired, stale listing) — nothing changes, no charge.
 */
import { ethToWei } from '@app/domain/pricing';
import type { PrepareSkillPurchase } from '@app/domain/purchases';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { PurchaseContext, PurchaseOutcome, PurchaseSpec } from './purchase-context';
import type { PurchaseResults } from './purchase-results';
import type { AvatarRow, PaymentRow } from './purchases-repository';
import * as repo from './purchases-repository';

export class Orders {
  constructor(
    private readonly ctx: PurchaseContext,
    private readonly results: PurchaseResults,
  ) {}

  /**
   * The series `avatarId` if its editions are for sale to `buyerId`.
   * @throws HttpError 404 unknown avatar; 409 own avatar, not for sale, or an edition (not a series)
   */
  async avatarForSale(avatarId: number, buyerId: string): Promise<{ series: AvatarRow; priceWei: bigint }> {
    const series = await repo.findAvatar(this.ctx.db, avatarId);
    if (!series) throw new HttpError(404, 'Avatar not found');
    if (series.ownerId === buyerId) throw new HttpError(409, 'You cannot buy your own avatar');
    if (!series.isActive || series.priceEth === null) throw new HttpError(409, `${series.name} is not for sale`);
    return { series, priceWei: ethToWei(series.priceEth) };
  }

  /**
   * The listing a buyer wants (by id, or the cheapest of the skill) if `avatarId` (one of the buyer's
   * own) may buy it now.
   * @throws HttpError 404 no such avatar / listing; 403 someone else's avatar; 400 the listing sells
   * another skill; 409 own listing, inactive, expired, stale (the seller's avatar lost the skill), or
   * the avatar already has the skill at ≥ the listed proficiency
   */
  async listingForSale(userId: string, input: PrepareSkillPurchase) {
    const buyerAvatar = await repo.findAvatar(this.ctx.db, input.avatarId);
    if (!buyerAvatar) throw new HttpError(404, 'Avatar not found');
    if (buyerAvatar.ownerId !== userId) throw new HttpError(403, 'Choose one of your own avatars');
    const listing = input.listingId
      ? await repo.findListing(this.ctx.db, input.listingId)
      : await repo.cheapestListing(this.ctx.db, input.skillId, userId);
    if (!listing) throw new HttpError(404, 'No active listing sells this skill');
    if (listing.skillId !== input.skillId) throw new HttpError(400, `Listing ${listing.id} sells another skill`);
    if (listing.sellerId === userId) throw new HttpError(409, 'You cannot buy your own listing');
    if (!listing.isActive) throw new HttpError(409, 'This listing is no longer active');
    if (listing.expiresAt && listing.expiresAt.getTime() <= Date.now()) {
      throw new HttpError(409, 'This listing has expired');
    }
    const skill = await repo.findSkill(this.ctx.db, listing.skillId);
    if (!skill) throw new HttpError(404, 'Skill not found');
    const sellerSkill = await repo.findAvatarSkill(this.ctx.db, listing.avatarId, listing.skillId);
    if (!sellerSkill || sellerSkill.proficiency < listing.proficiencyLevel) {
      throw new HttpError(409, `The seller's avatar no longer has ${skill.name} at ${listing.proficiencyLevel}`);
    }
    const owned = await repo.findAvatarSkill(this.ctx.db, buyerAvatar.id, listing.skillId);
    if (owned && owned.proficiency >= listing.proficiencyLevel) {
      throw new HttpError(
        409,
        `${buyerAvatar.name} already has ${skill.name} at ${owned.proficiency} (this listing sells ${listing.proficiencyLevel})`,
      );
    }
    return { listing, buyerAvatar, skillName: skill.name, priceWei: ethToWei(listing.price) };
  }

  /** Editions of the series gone or held: max(chain, DB) minted plus open card reservations. */
  async editionsTaken(seriesId: number, chainMinted: number, exceptPaymentId?: number) {
    const [recorded, reserved] = await Promise.all([
      repo.countEditions(this.ctx.db, seriesId),
      repo.countReservations(this.ctx.db, seriesId, exceptPaymentId),
    ]);
    return Math.max(recorded, chainMinted) + reserved;
  }

  /**
   * A fulfilled attempt under this key answers its result again before anything is re-checked (the
   * purchase itself made it "already owned" or "sold out").
   * @throws HttpError 409 when the key belongs to another purchase
   */
  async finishedAttempt(
    userId: string,
    key: string,
    same: (p: PaymentRow) => boolean,
  ): Promise<PurchaseOutcome | null> {
    const p = await repo.findPayment(this.ctx.db, userId, key);
    if (!p) return null;
    if (!same(p)) throw new HttpError(409, 'This idempotency key was used for another purchase');
    return p.status === 'fulfilled' ? { outcome: 'replayed', result: await this.results.paymentResult(p) } : null;
  }

  /** Whether a stored attempt is for the same purchase as `spec`. */
  samePurchase(p: PaymentRow, spec: PurchaseSpec): boolean {
    if (p.kind !== spec.kind) return false;
    return spec.kind === 'avatar'
      ? p.seriesAvatarId === spec.series.id
      : p.listingId === spec.listing.id && p.buyerAvatarId === spec.buyerAvatar.id;
  }

  /**
   * Opens the order of this attempt (a `payments` row, status `processing`) before any charge, in one
   * transaction under the row lock of the buyer's avatar (skill) or of the series (edition) — the lock
   * recordSkillSale / the edition count take too, so a check here never races a delivery:
   * - a key seen before resumes or replays its own order instead (see {@link cardPurchase});
   * - skill: the avatar already has it at ≥ the listed proficiency → 409;
   * - edition: sold out counting open reservations → 409;
   * - another open order for the same (avatar, skill) / (buyer, series), whatever its key → 409 (the
   *   partial unique indexes payments_open_*_order_uq; an order left open longer than
   *   RESERVATION_MINUTES before it was charged is expired first).
   * @throws HttpError 409 as above, 404 the avatar is gone
   */
  async claimAttempt(
    userId: string,
    key: string,
    spec: PurchaseSpec,
    amountUsdCents: number,
  ): Promise<{ payment: PaymentRow; fresh: boolean }> {
    const values = {
      userId,
      idempotencyKey: key,
      kind: spec.kind,
      seriesAvatarId: spec.kind === 'avatar' ? spec.series.id : null,
      listingId: spec.kind === 'skill' ? spec.listing.id : null,
      skillId: spec.kind === 'skill' ? spec.listing.skillId : null,
      buyerAvatarId: spec.kind === 'skill' ? spec.buyerAvatar.id : null,
      provider: this.ctx.deps.payments.kind,
      amountWei: spec.priceWei.toString(),
      amountUsdCents,
      status: 'processing',
      attempts: 1,
    };
    const chainMinted = spec.kind === 'avatar' ? (await this.ctx.requireMarket().series(spec.series.id)).minted : 0;
    return this.ctx.db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const locked = await repo.lockAvatar(txDb, spec.kind === 'avatar' ? spec.series.id : spec.buyerAvatar.id);
      if (!locked) throw new HttpError(404, 'Avatar not found');
      const existing = await repo.findPayment(txDb, userId, key);
      if (existing) return { payment: existing, fresh: false };
      if (spec.kind === 'skill') {
        const owned = await repo.findAvatarSkill(txDb, locked.id, spec.listing.skillId);
        if (owned && owned.proficiency >= spec.listing.proficiencyLevel) {
          throw new HttpError(
            409,
            `${locked.name} already has ${spec.skillName} at ${owned.proficiency} (this listing sells ${spec.listing.proficiencyLevel})`,
          );
        }
      } else {
        const [recorded, reserved] = await Promise.all([
          repo.countEditions(txDb, locked.id),
          repo.countReservations(txDb, locked.id),
        ]);
        // Edition 1 is the creator's, minted before the first sale if it is not yet.
        if (Math.max(recorded, chainMinted, 1) + reserved >= locked.maxEditions) {
          throw new HttpError(409, `All ${locked.maxEditions} editions of ${locked.name} are sold`);
        }
      }
      await repo.expireStaleOrders(txDb, values);
      const inserted = await repo.insertPayment(txDb, values);
      if (inserted) return { payment: inserted, fresh: true };
      const again = await repo.findPayment(txDb, userId, key);
      if (again) return { payment: again, fresh: false };
      throw new HttpError(
        409,
        spec.kind === 'skill'
          ? `An order for ${spec.skillName} on ${spec.buyerAvatar.name} is already open: wait for it to finish`
          : `You already have an open order for an edition of ${spec.series.name}: wait for it to finish`,
      );
    });
  }
}
