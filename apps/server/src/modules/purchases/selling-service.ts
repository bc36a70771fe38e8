/**
 * Selling: a user lists a skill of an avatar she owns (price in ETH, proficiency at
 * most the avatar's, description, optional expiry), cancels it, and sets or changes the price of her
 * avatar's editions. Prices are decimal(18,8) ETH strings. The chain mirrors what it must: an edition
 * price is written by `setEditionPrice` as soon as the series exists on chain (else when the first
 * buyer prepares); a listing is listed on chain when a wallet buyer first prepares it, and cancelled
 * on chain when it is cancelled here.
 */

import { ethToUsd, ethToWei, normalizeEth } from '@app/domain/pricing';
import type { CreateSkillListing, SkillListing, SkillListingsQuery } from '@app/domain/purchases';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ChainService } from '../../providers/chain/chain-service';
import { loadOwnedAvatar } from '../avatars/avatars-service';
import { MarketChain } from './market-chain';
import { findAvatarSkill, findSkill } from './purchases-repository';
import * as repo from './selling-repository';

const truthy = (v: string | undefined) => v === '1' || v === 'true';

export function toListingJson(v: repo.ListingView): SkillListing {
  const l = v.listing;
  return {
    id: l.id,
    sellerId: l.sellerId,
    sellerName: v.sellerName,
    avatarId: l.avatarId,
    avatarName: v.avatarName,
    avatarEdition: v.avatarEdition,
    skillId: l.skillId,
    skillName: v.skillName,
    category: v.category,
    price: normalizeEth(l.price),
    priceWei: ethToWei(l.price).toString(),
    priceUsd: null,
    proficiencyLevel: l.proficiencyLevel,
    description: l.description,
    isActive: l.isActive,
    createdAt: l.createdAt.toISOString(),
    expiresAt: l.expiresAt ? l.expiresAt.toISOString() : null,
    chainListingId: l.chainListingId,
    sales: v.sales,
  };
}

export class SellingService {
  private readonly market: MarketChain | null;

  constructor(
    private readonly db: Db,
    chain: ChainService | null,
    private readonly log: FastifyBaseLogger,
  ) {
    this.market = chain ? new MarketChain(chain) : null;
  }

  /**
   * `GET /api/skill-listings`. `mine=1` needs a signed-in user.
   * @throws HttpError 401 for `mine=1` signed out
   */
  async list(q: SkillListingsQuery, userId: string | null, usdRate?: bigint): Promise<SkillListing[]> {
    const mine = truthy(q.mine);
    if (mine && !userId) throw new HttpError(401, 'Unauthorized');
    const rows = await repo.listListings(this.db, {
      active: truthy(q.active),
      sellerId: mine ? userId! : undefined,
      skillId: q.skillId,
      avatarId: q.avatarId,
      limit: q.limit,
    });
    // USD at the marketplace's one rate, so the card tab names the amount charged
    return rows.map(toListingJson).map((l) => ({
      ...l,
      priceUsd: usdRate === undefined ? null : ethToUsd(BigInt(l.priceWei), usdRate),
    }));
  }

  /**
   * `POST /api/skill-listings`: lists a skill of one of the user's avatars.
   * @throws HttpError 404/403 avatar not found / not yours; 404 unknown skill; 409 the avatar lacks the
   * skill or has it below the proficiency asked, or already has an active listing of it
   */
  async create(userId: string, input: CreateSkillListing): Promise<SkillListing> {
    const avatar = await loadOwnedAvatar(this.db, input.avatarId, userId);
    const skill = await findSkill(this.db, input.skillId);
    if (!skill) throw new HttpError(404, 'Skill not found');
    const has = await findAvatarSkill(this.db, avatar.id, skill.id);
    if (!has) throw new HttpError(409, `${avatar.name} does not have the skill ${skill.name}`);
    if (input.proficiencyLevel > has.proficiency) {
      throw new HttpError(
        409,
        `${avatar.name}'s ${skill.name} proficiency is ${has.proficiency}: list it at ${has.proficiency} or less`,
      );
    }
    if (await repo.findActiveListing(this.db, avatar.id, skill.id)) {
      throw new HttpError(409, `${avatar.name} already lists ${skill.name}; cancel that listing first`);
    }
    const row = await repo.insertListing(this.db, {
      sellerId: userId,
      avatarId: avatar.id,
      skillId: skill.id,
      price: input.priceEth,
      proficiencyLevel: input.proficiencyLevel,
      description: input.description ?? null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    const view = await repo.findListingView(this.db, row.id);
    return toListingJson(view!);
  }

  /**
   * `DELETE /api/skill-listings/:id`: the seller cancels a listing (and its on-chain mirror).
   * @throws HttpError 404 unknown; 403 someone else's
   */
  async cancel(userId: string, id: number): Promise<void> {
    const view = await repo.findListingView(this.db, id);
    if (!view) throw new HttpError(404, 'Listing not found');
    if (view.listing.sellerId !== userId) throw new HttpError(403, 'This listing belongs to someone else');
    await repo.deactivateListing(this.db, id);
    const chainListingId = view.listing.chainListingId;
    if (this.market && chainListingId !== null) {
      const onChain = await this.market.listing(chainListingId);
      if (onChain.active) await this.market.cancelListing(chainListingId);
    }
  }

  /**
   * `PATCH /api/avatars/:id/price`: the owner prices (or, with null, withdraws) her avatar's editions,
   * mirrored to `Marketplace.setEditionPrice` when the series exists on chain.
   * @throws HttpError 404/403 not found / not yours; 409 for an edition bought from someone else's series
   */
  async setPrice(userId: string, avatarId: number, priceEth: string | null) {
    const avatar = await loadOwnedAvatar(this.db, avatarId, userId);
    const series = await repo.seriesOfEditionAvatar(this.db, avatar);
    if (series) {
      throw new HttpError(
        409,
        `${avatar.name} is edition ${series.edition} of ${series.name}: only a series' creator prices its editions`,
      );
    }
    const updated = await repo.setAvatarPrice(this.db, avatar.id, priceEth);
    const priceWei = priceEth === null ? null : ethToWei(priceEth);
    let transactionHash: string | null = null;
    if (this.market && avatar.tokenId !== null) {
      const onChain = await this.market.series(avatar.id);
      if (onChain.maxEditions > 0 && (await this.market.editionPrice(avatar.id)) !== (priceWei ?? 0n)) {
        try {
          transactionHash = (await this.market.setEditionPrice(avatar.id, priceWei ?? 0n)).transactionHash;
        } catch (err) {
          // The DB price stands; the next buyer's prepare call writes it on chain again.
          this.log.warn({ err, avatarId }, 'setEditionPrice failed');
        }
      }
    }
    return {
      avatarId: avatar.id,
      priceEth: updated?.priceEth ? normalizeEth(updated.priceEth) : null,
      priceWei: priceWei === null ? null : priceWei.toString(),
      transactionHash,
    };
  }
}
