/**
 * Crypto payments: the server readies the sale on chain (the series exists, its
 * creator is the owner's wallet, its edition price equals avatars.priceEth; a skill listing is
 * mirrored by `listSkill`, under the database-wide lock `listing:<id>` / `series:<id>`), the buyer's
 * wallet pays `Marketplace.buyEdition` / `buySkill` — the contract mints or writes the skill and pays
 * seller, fee and royalty — and the server records the sale only from a receipt it has checked
 * (chain, contract, event, item, price, buyer = the user's linked wallet), once per transaction hash:
 * the same hash again answers the recorded sale (200, "replayed") to the same buyer, 409 to another.
 */
import { ethToWei, weiToEth } from '@app/domain/pricing';
import type { AvatarPurchaseQuote, PrepareSkillPurchase, SkillPurchaseQuote } from '@app/domain/purchases';
import { type Address, getAddress, isAddressEqual } from 'viem';
import { HttpError } from '../../lib/http-error';
import { claimAvatar, ensureAvatarMinted } from '../blockchain/mint-service';
import { ITEM_KIND, type VerifiedPurchase } from './market-chain';
import type { Orders } from './orders';
import type { PurchaseContext, PurchaseOutcome } from './purchase-context';
import type { PurchaseResults } from './purchase-results';
import type { AvatarRow, ListingRow } from './purchases-repository';
import * as repo from './purchases-repository';

export class CryptoPayments {
  constructor(
    private readonly ctx: PurchaseContext,
    private readonly orders: Orders,
    private readonly results: PurchaseResults,
  ) {}

  /**
   * Makes the series purchasable on chain: its first edition minted (creating the series), its creator
   * the owner's linked wallet (so the contract pays the owner), its edition price = avatars.priceEth.
   * @returns the on-chain series after the changes
   */
  private async readySeriesOnChain(series: AvatarRow, priceWei: bigint) {
    const market = this.ctx.requireMarket();
    return this.ctx.deps.lock(`series:${series.id}`, async () => {
      await ensureAvatarMinted(this.ctx.db, market.chain, series.id);
      let onChain = await market.series(series.id);
      const ownerWallet = await repo.findUserWallet(this.ctx.db, series.ownerId);
      if (ownerWallet && !isAddressEqual(onChain.creator, ownerWallet as Address)) {
        await market.setSeriesCreator(series.id, getAddress(ownerWallet));
        onChain = await market.series(series.id);
      }
      if ((await market.editionPrice(series.id)) !== priceWei) await market.setEditionPrice(series.id, priceWei);
      return onChain;
    });
  }

  /**
   * `POST /api/purchases/avatar/prepare`: readies the series on chain and tells the wallet what to send.
   * @throws HttpError 400 no linked wallet; 404/409 see {@link avatarForSale}; 409 sold out; 503 no chain
   */
  async prepareAvatar(userId: string, avatarId: number): Promise<AvatarPurchaseQuote> {
    const market = this.ctx.requireMarket();
    const { series, priceWei } = await this.orders.avatarForSale(avatarId, userId);
    const buyer = await this.ctx.linkedWallet(userId);
    const onChain = await this.readySeriesOnChain(series, priceWei);
    const taken = await this.orders.editionsTaken(series.id, onChain.minted);
    if (taken >= series.maxEditions) {
      throw new HttpError(409, `All ${series.maxEditions} editions of ${series.name} are sold`);
    }
    return {
      kind: 'avatar',
      marketplaceAddress: market.marketplace,
      chainId: market.chain.chain.id,
      network: market.chain.networkName,
      avatarId: series.id,
      priceWei: priceWei.toString(),
      priceEth: weiToEth(priceWei),
      buyerAddress: buyer,
      nextEdition: onChain.minted + 1,
      maxEditions: series.maxEditions,
    };
  }

  /**
   * Mirrors a listing on chain when it is not (or no longer) listed there as it is in the DB: the
   * seller's token minted and holding the skill at ≥ the proficiency, then `listSkill` for the token's
   * current owner (a stale or different on-chain listing is cancelled first).
   * @returns the on-chain listing id
   */
  private async mirrorListing(listing: ListingRow, priceWei: bigint): Promise<number> {
    const market = this.ctx.requireMarket();
    return this.ctx.deps.lock(`listing:${listing.id}`, async () => {
      const fresh = (await repo.findListing(this.ctx.db, listing.id)) ?? listing;
      const seller = await ensureAvatarMinted(this.ctx.db, market.chain, fresh.avatarId);
      const tokenId = seller.tokenId!;
      const owner = await market.chain.ownerOf(tokenId);
      const expiresAt = fresh.expiresAt ? Math.floor(fresh.expiresAt.getTime() / 1000) : 0;
      if (fresh.chainListingId !== null) {
        const l = await market.listing(fresh.chainListingId);
        const same =
          l.active &&
          l.price === priceWei &&
          l.proficiency === fresh.proficiencyLevel &&
          l.tokenId === BigInt(tokenId) &&
          l.skillId === BigInt(fresh.skillId) &&
          l.expiresAt === expiresAt &&
          isAddressEqual(l.seller, owner);
        if (same) return fresh.chainListingId;
        if (l.active) await market.cancelListing(fresh.chainListingId);
      }
      const onToken = await market.skillOf(tokenId, fresh.skillId);
      if (!onToken.has || onToken.proficiency < fresh.proficiencyLevel) {
        const sellerSkill = await repo.findAvatarSkill(this.ctx.db, fresh.avatarId, fresh.skillId);
        // listingForSale checked the seller's DB proficiency ≥ the listed one; the chain mirrors the DB fact.
        await market.setSkill(
          tokenId,
          fresh.skillId,
          Math.min(100, sellerSkill?.proficiency ?? fresh.proficiencyLevel),
        );
      }
      const { chainListingId } = await market.listSkill({
        tokenId,
        skillId: fresh.skillId,
        proficiency: fresh.proficiencyLevel,
        priceWei,
        expiresAt,
      });
      await repo.setChainListingId(this.ctx.db, fresh.id, fresh.chainListingId, chainListingId);
      return chainListingId;
    });
  }

  /**
   * `POST /api/purchases/skill/prepare`: checks the purchase, mirrors the listing on chain and makes
   * sure the buyer's avatar token sits in the buyer's linked wallet (claimed from custody if needed),
   * since `buySkill` writes only to the caller's own token.
   * @throws HttpError see {@link listingForSale}; 400 no linked wallet; 409 the avatar's NFT is held elsewhere, or an
   *   open card order is buying the skill for it
   */
  async prepareSkill(userId: string, input: PrepareSkillPurchase): Promise<SkillPurchaseQuote> {
    const market = this.ctx.requireMarket();
    const { listing, buyerAvatar, skillName, priceWei } = await this.orders.listingForSale(userId, input);
    if (await repo.findOpenSkillOrder(this.ctx.db, buyerAvatar.id, listing.skillId)) {
      throw new HttpError(
        409,
        `An order for ${skillName} on ${buyerAvatar.name} is already open: wait for it to finish`,
      );
    }
    const buyer = await this.ctx.linkedWallet(userId);
    const minted = await ensureAvatarMinted(this.ctx.db, market.chain, buyerAvatar.id);
    const holder = await market.chain.ownerOf(minted.tokenId!);
    if (!isAddressEqual(holder, buyer)) {
      if (!isAddressEqual(holder, market.platform)) {
        throw new HttpError(409, `${buyerAvatar.name}'s NFT is held by another wallet, not your linked wallet`);
      }
      await claimAvatar(this.ctx.db, market.chain, buyerAvatar.id, userId);
    }
    const chainListingId = await this.mirrorListing(listing, priceWei);
    return {
      kind: 'skill',
      marketplaceAddress: market.marketplace,
      chainId: market.chain.chain.id,
      network: market.chain.networkName,
      listingId: listing.id,
      chainListingId,
      skillId: listing.skillId,
      skillName,
      avatarId: buyerAvatar.id,
      buyerTokenId: minted.tokenId!,
      proficiency: listing.proficiencyLevel,
      priceWei: priceWei.toString(),
      priceEth: weiToEth(priceWei),
      buyerAddress: buyer,
    };
  }

  /**
   * `POST /api/purchases/confirm` (and the crypto branch of the two purchase calls): checks the
   * receipt (see MarketChain.verifyPurchase), that the buyer is the user's linked wallet, that the item
   * is one of ours at its price (and, with `expect`, the one asked for), then records the sale once.
   * A hash recorded before answers the same result ('replayed') to the same buyer.
   * @throws HttpError 400 when the receipt does not prove the expected purchase; 409 recorded for someone else
   */
  async confirm(
    userId: string,
    txHash: string,
    expect?:
      | { kind: 'avatar'; avatarId: number }
      | { kind: 'skill'; skillId: number; avatarId: number; listingId?: number },
  ): Promise<PurchaseOutcome> {
    const market = this.ctx.requireMarket();
    const v = await market.verifyPurchase(txHash);
    const wallet = await this.ctx.linkedWallet(userId);
    // The buyer is the Marketplace's msg.sender, the account that paid: the linked wallet itself for an
    // EOA, or a smart wallet whose transaction its owner or an ERC-4337 bundler sent (so `from` may differ).
    if (!isAddressEqual(v.purchased.buyer, wallet)) {
      throw new HttpError(400, 'The purchase was paid by another wallet than your linked wallet');
    }
    if (v.purchased.kind === ITEM_KIND.EDITION) {
      if (expect && (expect.kind !== 'avatar' || BigInt(expect.avatarId) !== v.purchased.itemId)) {
        throw new HttpError(400, 'The transaction bought something else');
      }
      return this.recordCryptoEdition(userId, v);
    }
    if (expect && expect.kind !== 'skill') throw new HttpError(400, 'The transaction bought something else');
    return this.recordCryptoSkill(userId, v, expect?.kind === 'skill' ? expect : undefined);
  }

  private async recordCryptoEdition(userId: string, v: VerifiedPurchase): Promise<PurchaseOutcome> {
    const market = this.ctx.requireMarket();
    const avatarId = Number(v.purchased.itemId);
    const series = await repo.findAvatar(this.ctx.db, avatarId);
    if (!series || !v.minted || v.minted.avatarId !== avatarId || BigInt(v.minted.tokenId) !== v.purchased.tokenId) {
      throw new HttpError(400, 'The transaction bought an edition that is not one of our avatars');
    }
    const replay = await this.editionReplay(userId, v.receipt.transactionHash);
    if (replay) return replay;
    // Marketplace.buyEdition reverts unless msg.value >= price: the event's price was paid.
    if (series.priceEth === null || ethToWei(series.priceEth) !== v.purchased.price) {
      throw new HttpError(400, `The price paid does not match ${series.name}'s price`);
    }
    const recorded = await repo.recordEditionSale(this.ctx.db, {
      series,
      buyerId: userId,
      tokenId: v.minted.tokenId,
      edition: v.minted.edition,
      holderAddress: v.minted.to,
      source: 'marketplace',
      priceWei: v.purchased.price,
      transactionHash: v.receipt.transactionHash,
      contractAddress: market.avatarNFT,
    });
    if (!recorded) {
      const again = await this.editionReplay(userId, v.receipt.transactionHash);
      if (again) return again;
      throw new HttpError(409, 'This edition was recorded before');
    }
    return {
      outcome: 'created',
      result: this.results.editionResult({
        series,
        buyerAvatarId: recorded.buyerAvatar.id,
        tokenId: v.minted.tokenId,
        edition: v.minted.edition,
        priceWei: v.purchased.price,
        transactionHash: v.receipt.transactionHash,
        paymentMethod: 'crypto',
      }),
    };
  }

  /** The result of an edition sale recorded under `txHash`, when it was this user's. */
  private async editionReplay(userId: string, txHash: string): Promise<PurchaseOutcome | null> {
    const e = await repo.findEditionByTx(this.ctx.db, txHash);
    if (!e) return null;
    if (e.userId !== userId) throw new HttpError(409, 'This purchase was recorded for another account');
    const [series, mine] = await Promise.all([
      repo.findAvatar(this.ctx.db, e.avatarId),
      repo.findAvatarByToken(this.ctx.db, e.tokenId),
    ]);
    return {
      outcome: 'replayed',
      result: this.results.editionResult({
        series: series!,
        buyerAvatarId: mine?.id ?? null,
        tokenId: e.tokenId,
        edition: e.edition,
        priceWei: BigInt(e.priceWei),
        transactionHash: e.transactionHash,
        paymentMethod: e.source === 'card' ? 'card' : 'crypto',
      }),
    };
  }

  private async recordCryptoSkill(
    userId: string,
    v: VerifiedPurchase,
    expect?: { skillId: number; avatarId: number; listingId?: number },
  ): Promise<PurchaseOutcome> {
    const listing = await repo.findListingByChainId(this.ctx.db, Number(v.purchased.itemId));
    if (!listing) throw new HttpError(400, 'The transaction bought a listing that is not one of ours');
    const buyerAvatar = await repo.findAvatarByToken(this.ctx.db, Number(v.purchased.tokenId));
    if (!buyerAvatar || buyerAvatar.ownerId !== userId) {
      throw new HttpError(400, 'The skill went to an avatar that is not yours');
    }
    if (
      expect &&
      (expect.skillId !== listing.skillId ||
        expect.avatarId !== buyerAvatar.id ||
        (expect.listingId !== undefined && expect.listingId !== listing.id))
    ) {
      throw new HttpError(400, 'The transaction bought something else');
    }
    const replay = await this.skillReplay(userId, v.receipt.transactionHash);
    if (replay) return replay;
    if (ethToWei(listing.price) !== v.purchased.price) {
      throw new HttpError(400, "The price paid does not match the listing's price");
    }
    const proficiency =
      v.skill && v.skill.tokenId === buyerAvatar.tokenId && v.skill.skillId === listing.skillId
        ? v.skill.proficiency
        : listing.proficiencyLevel;
    const row = await repo.recordSkillSale(this.ctx.db, {
      buyerId: userId,
      listing,
      buyerAvatarId: buyerAvatar.id,
      proficiency,
      transactionHash: v.receipt.transactionHash,
    });
    if (!row) {
      const again = await this.skillReplay(userId, v.receipt.transactionHash);
      if (again) return again;
      throw new HttpError(409, 'This purchase was recorded before');
    }
    const skill = await repo.findSkill(this.ctx.db, listing.skillId);
    return {
      outcome: 'created',
      result: this.results.skillResult({
        skillName: skill?.name ?? 'the skill',
        skillId: listing.skillId,
        avatarId: buyerAvatar.id,
        proficiency,
        priceWei: v.purchased.price,
        transactionHash: v.receipt.transactionHash,
        paymentMethod: 'crypto',
      }),
    };
  }

  private async skillReplay(userId: string, txHash: string): Promise<PurchaseOutcome | null> {
    const t = await repo.findSkillTransactionByTx(this.ctx.db, txHash);
    if (!t) return null;
    if (t.buyerId !== userId) throw new HttpError(409, 'This purchase was recorded for another account');
    const [skill, have] = await Promise.all([
      repo.findSkill(this.ctx.db, t.skillId),
      repo.findAvatarSkill(this.ctx.db, t.avatarId, t.skillId),
    ]);
    return {
      outcome: 'replayed',
      result: this.results.skillResult({
        skillName: skill?.name ?? 'the skill',
        skillId: t.skillId,
        avatarId: t.avatarId,
        proficiency: have?.proficiency ?? null,
        priceWei: ethToWei(t.price),
        transactionHash: t.transactionHash,
        paymentMethod: 'crypto',
      }),
    };
  }
}
