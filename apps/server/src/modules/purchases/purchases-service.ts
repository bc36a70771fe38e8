/**
 * Buying avatar editions and skills (issue 5 item 4; SPEC §2 purchase dialog, §7 POST
 * /api/purchase-skill), by crypto and by card.
 *
 * Crypto: the server prepares the sale on chain (the series exists, its creator is the owner's wallet,
 * its edition price equals avatars.priceEth; a skill listing is mirrored by `listSkill`), the buyer's
 * wallet pays `Marketplace.buyEdition` / `buySkill` — the contract mints or writes the skill and pays
 * seller, fee and royalty — and the server records the sale only from a receipt it has checked
 * (chain, contract, event, item, price, buyer = the user's linked wallet), once per transaction hash.
 *
 * Card: the sandbox processor (or Stripe, fulfilled by its webhook) charges the USD price; the server
 * then mints the edition (to the buyer's linked wallet, else custody) or writes the skill on chain
 * from the platform key, records the sale with that transaction's hash and credits the seller's share
 * of the Marketplace split to the off-chain earnings ledger (issue 12: no ETH leaves the platform key
 * for a card sale). Stripe fulfilment runs as a job from the stored webhook event. One payment row per (user, idempotency key): a double
 * click or retry never charges or fulfils twice. An edition is reserved under the series' row lock
 * before any card is charged, so concurrent buyers of the last edition cannot all pay.
 *
 * Refusals (4xx, nothing changes, no charge): buying your own avatar or listing, an inactive or
 * expired listing, a sold-out series, a skill the avatar already has at ≥ the listed proficiency,
 * a receipt that does not prove the purchase.
 */
import { ethToWei, weiToEth, weiToUsdCents } from '@app/domain/pricing';
import {
  type AvatarPurchaseQuote,
  type Card,
  type PrepareSkillPurchase,
  type PurchaseAvatarRequest,
  type PurchaseResult,
  type PurchaseSkillRequest,
  SANDBOX_TEST_CARDS,
  type SkillPurchaseQuote,
} from '@app/domain/purchases';
import type { FastifyBaseLogger } from 'fastify';
import { type Address, getAddress, isAddressEqual } from 'viem';
import type { Database, Db } from '../../db/client';
import { HttpError, unavailable } from '../../lib/http-error';
import type { Jobs } from '../../plugins/jobs';
import type { ChainService } from '../../providers/chain/chain-service';
import type { PaymentProvider } from '../../providers/payments/types';
import { claimAvatar, ensureAvatarMinted } from '../blockchain/mint-service';
import { cardSaleEntry, recordEntry, userAccount } from '../earnings/earnings-ledger';
import { type Answer, withIdempotencyKey } from './idempotency';
import { ITEM_KIND, MarketChain, type VerifiedPurchase } from './market-chain';
import type { AvatarRow, ListingRow, PaymentRow } from './purchases-repository';
import * as repo from './purchases-repository';

/** A refused card charge, answered 402 with its code (see CardFailureSchema). */
export class CardFailureError extends Error {
  /** A decline is the key's final answer (replayed to it); a retryable error is not. */
  get final() {
    return this.code === 'card_declined';
  }
  readonly statusCode = 402;
  constructor(
    message: string,
    readonly code: 'card_declined' | 'processing_error',
  ) {
    super(message);
    this.name = 'CardFailureError';
  }
  get retryable() {
    return this.code === 'processing_error';
  }
  toJSON() {
    return { error: this.message, code: this.code, retryable: this.retryable };
  }
}

/** What a purchase call answers: the result and whether it was created now (201), replayed (200) or pending (202). */
export interface PurchaseOutcome {
  outcome: 'created' | 'replayed' | 'pending';
  result: PurchaseResult;
}

export interface PurchasesDeps {
  db: Db;
  /** null when CHAIN=none: every purchase answers 503. */
  chain: ChainService | null;
  payments: PaymentProvider;
  /** USD per ETH × 10^8 (the marketplace price service: Chainlink on Base, else ETH_USD_RATE). */
  usdRate: () => Promise<bigint>;
  log: FastifyBaseLogger;
  /** The job queue: Stripe events are fulfilled by a job enqueued with the stored event. */
  jobs: Pick<Jobs, 'send'>;
  /** The database-wide lock per key (see Database.withKeyLock): chain mirroring runs once at a time. */
  lock: KeyLock;
}

/** {@link Database.withKeyLock}: runs `fn` holding the lock `key` across every process on the database. */
export type KeyLock = Database['withKeyLock'];

/** Queue of stored Stripe events (one active job per PaymentIntent: `singleton` by intent id). */
export const STRIPE_EVENTS_QUEUE = 'stripe-events';
/** Retries of a Stripe fulfilment before the charge is refunded (backoff 10 s, 20 s, 40 s, …). */
export const STRIPE_FULFIL_RETRIES = 5;
/**
 * Queue of paid sandbox-card payments to deliver (one job per payment, `singleton` by payment): the
 * charge and this job are recorded in one transaction, so a process killed while minting leaves a
 * job that another process (or this one after a restart) runs once its heartbeat stops.
 */
export const CARD_FULFILMENT_QUEUE = 'card-fulfilment';
/** How long a card purchase request waits for its delivery before answering 202 (ms; ours). */
export const CARD_FULFILMENT_WAIT_MS = 30_000;
/**
 * A payment still `processing` (claimed, charge outcome not recorded) this long after its last
 * update was cut by a crash: a retry under its key charges it again (ms; ours — the sandbox charge
 * is instant, and Stripe's PaymentIntent is created under the same idempotency key).
 */
export const STALE_PROCESSING_MS = 30_000;

type PurchaseSpec =
  | { kind: 'avatar'; series: AvatarRow; priceWei: bigint }
  | { kind: 'skill'; listing: ListingRow; buyerAvatar: AvatarRow; skillName: string; priceWei: bigint };

const lower = (a: string) => a.toLowerCase();

/** A purchase outcome as an HTTP answer: 201 created, 202 pending (Stripe), 200 replayed (same tx hash). */
function toAnswer({ outcome, result }: PurchaseOutcome): Answer & { paymentId: number | null } {
  const statusCode = outcome === 'created' ? 201 : outcome === 'pending' ? 202 : 200;
  return { statusCode, body: result, replayed: outcome === 'replayed', paymentId: result.paymentId };
}

type LedgerEntry = ReturnType<typeof cardSaleEntry>;

export class PurchasesService {
  private readonly market: MarketChain | null;

  constructor(private readonly deps: PurchasesDeps) {
    this.market = deps.chain ? new MarketChain(deps.chain) : null;
  }

  private get db() {
    return this.deps.db;
  }

  /** @throws HttpError 503 when the server runs without a chain */
  private requireMarket(): MarketChain {
    if (!this.market) throw unavailable('Purchases need the chain, which is off (CHAIN=none)');
    return this.market;
  }

  /** The user's linked wallet. @throws HttpError 400 without one (crypto needs it as the buyer). */
  private async linkedWallet(userId: string): Promise<Address> {
    const wallet = await repo.findUserWallet(this.db, userId);
    if (!wallet) throw new HttpError(400, 'Link a wallet to your account first (PROFILE → WALLET_STATUS)');
    return getAddress(wallet);
  }

  private async usdCents(wei: bigint): Promise<number> {
    return Number(weiToUsdCents(wei, await this.deps.usdRate()));
  }

  // ------------------------------------------------------------------------------------------
  // Avatars (editions)
  // ------------------------------------------------------------------------------------------

  /**
   * The series `avatarId` if its editions are for sale to `buyerId`.
   * @throws HttpError 404 unknown avatar; 409 own avatar, not for sale, or an edition (not a series)
   */
  async avatarForSale(avatarId: number, buyerId: string): Promise<{ series: AvatarRow; priceWei: bigint }> {
    const series = await repo.findAvatar(this.db, avatarId);
    if (!series) throw new HttpError(404, 'Avatar not found');
    if (series.ownerId === buyerId) throw new HttpError(409, 'You cannot buy your own avatar');
    if (!series.isActive || series.priceEth === null) throw new HttpError(409, `${series.name} is not for sale`);
    return { series, priceWei: ethToWei(series.priceEth) };
  }

  /**
   * Makes the series purchasable on chain: its first edition minted (creating the series), its creator
   * the owner's linked wallet (so the contract pays the owner), its edition price = avatars.priceEth.
   * @returns the on-chain series after the changes
   */
  private async readySeriesOnChain(series: AvatarRow, priceWei: bigint) {
    const market = this.requireMarket();
    return this.deps.lock(`series:${series.id}`, async () => {
      await ensureAvatarMinted(this.db, market.chain, series.id);
      let onChain = await market.series(series.id);
      const ownerWallet = await repo.findUserWallet(this.db, series.ownerId);
      if (ownerWallet && !isAddressEqual(onChain.creator, ownerWallet as Address)) {
        await market.setSeriesCreator(series.id, getAddress(ownerWallet));
        onChain = await market.series(series.id);
      }
      if ((await market.editionPrice(series.id)) !== priceWei) await market.setEditionPrice(series.id, priceWei);
      return onChain;
    });
  }

  /** Editions of the series gone or held: max(chain, DB) minted plus open card reservations. */
  private async editionsTaken(seriesId: number, chainMinted: number, exceptPaymentId?: number) {
    const [recorded, reserved] = await Promise.all([
      repo.countEditions(this.db, seriesId),
      repo.countReservations(this.db, seriesId, exceptPaymentId),
    ]);
    return Math.max(recorded, chainMinted) + reserved;
  }

  /**
   * `POST /api/purchases/avatar/prepare`: readies the series on chain and tells the wallet what to send.
   * @throws HttpError 400 no linked wallet; 404/409 see {@link avatarForSale}; 409 sold out; 503 no chain
   */
  async prepareAvatar(userId: string, avatarId: number): Promise<AvatarPurchaseQuote> {
    const market = this.requireMarket();
    const { series, priceWei } = await this.avatarForSale(avatarId, userId);
    const buyer = await this.linkedWallet(userId);
    const onChain = await this.readySeriesOnChain(series, priceWei);
    const taken = await this.editionsTaken(series.id, onChain.minted);
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
   * `POST /api/purchase-avatar`: crypto (records the wallet's `buyEdition` from its receipt) or card
   * (sandbox charge or Stripe PaymentIntent, then the mint), once per idempotency key (see idempotency.ts).
   * @throws HttpError 422 the key was used for another request; see {@link purchaseAvatarOnce}
   */
  async purchaseAvatar(userId: string, body: PurchaseAvatarRequest): Promise<Answer> {
    return withIdempotencyKey(
      this.db,
      { userId, key: body.idempotencyKey, route: 'POST /api/purchase-avatar', body },
      async () => toAnswer(await this.purchaseAvatarOnce(userId, body)),
    );
  }

  private async purchaseAvatarOnce(userId: string, body: PurchaseAvatarRequest): Promise<PurchaseOutcome> {
    if (body.paymentMethod === 'crypto') {
      return this.confirm(userId, body.txHash!, { kind: 'avatar', avatarId: body.avatarId });
    }
    this.requireMarket();
    const done = await this.finishedAttempt(
      userId,
      body.idempotencyKey!,
      (p) => p.kind === 'avatar' && p.seriesAvatarId === body.avatarId,
    );
    if (done) return done;
    const { series, priceWei } = await this.avatarForSale(body.avatarId, userId);
    const card = this.checkCardInput(body.card);
    return this.cardPurchase(userId, body.idempotencyKey!, { kind: 'avatar', series, priceWei }, card);
  }

  // ------------------------------------------------------------------------------------------
  // Skills
  // ------------------------------------------------------------------------------------------

  /**
   * The listing a buyer wants (by id, or the cheapest of the skill) if `avatarId` (one of the buyer's
   * own) may buy it now.
   * @throws HttpError 404 no such avatar / listing; 403 someone else's avatar; 400 the listing sells
   * another skill; 409 own listing, inactive, expired, stale (the seller's avatar lost the skill), or
   * the avatar already has the skill at ≥ the listed proficiency
   */
  async listingForSale(userId: string, input: PrepareSkillPurchase) {
    const buyerAvatar = await repo.findAvatar(this.db, input.avatarId);
    if (!buyerAvatar) throw new HttpError(404, 'Avatar not found');
    if (buyerAvatar.ownerId !== userId) throw new HttpError(403, 'Choose one of your own avatars');
    const listing = input.listingId
      ? await repo.findListing(this.db, input.listingId)
      : await repo.cheapestListing(this.db, input.skillId, userId);
    if (!listing) throw new HttpError(404, 'No active listing sells this skill');
    if (listing.skillId !== input.skillId) throw new HttpError(400, `Listing ${listing.id} sells another skill`);
    if (listing.sellerId === userId) throw new HttpError(409, 'You cannot buy your own listing');
    if (!listing.isActive) throw new HttpError(409, 'This listing is no longer active');
    if (listing.expiresAt && listing.expiresAt.getTime() <= Date.now()) {
      throw new HttpError(409, 'This listing has expired');
    }
    const skill = await repo.findSkill(this.db, listing.skillId);
    if (!skill) throw new HttpError(404, 'Skill not found');
    const sellerSkill = await repo.findAvatarSkill(this.db, listing.avatarId, listing.skillId);
    if (!sellerSkill || sellerSkill.proficiency < listing.proficiencyLevel) {
      throw new HttpError(409, `The seller's avatar no longer has ${skill.name} at ${listing.proficiencyLevel}`);
    }
    const owned = await repo.findAvatarSkill(this.db, buyerAvatar.id, listing.skillId);
    if (owned && owned.proficiency >= listing.proficiencyLevel) {
      throw new HttpError(
        409,
        `${buyerAvatar.name} already has ${skill.name} at ${owned.proficiency} (this listing sells ${listing.proficiencyLevel})`,
      );
    }
    return { listing, buyerAvatar, skillName: skill.name, priceWei: ethToWei(listing.price) };
  }

  /**
   * Mirrors a listing on chain when it is not (or no longer) listed there as it is in the DB: the
   * seller's token minted and holding the skill at ≥ the proficiency, then `listSkill` for the token's
   * current owner (a stale or different on-chain listing is cancelled first).
   * @returns the on-chain listing id
   */
  private async mirrorListing(listing: ListingRow, priceWei: bigint): Promise<number> {
    const market = this.requireMarket();
    return this.deps.lock(`listing:${listing.id}`, async () => {
      const fresh = (await repo.findListing(this.db, listing.id)) ?? listing;
      const seller = await ensureAvatarMinted(this.db, market.chain, fresh.avatarId);
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
        const sellerSkill = await repo.findAvatarSkill(this.db, fresh.avatarId, fresh.skillId);
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
      await repo.setChainListingId(this.db, fresh.id, fresh.chainListingId, chainListingId);
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
    const market = this.requireMarket();
    const { listing, buyerAvatar, skillName, priceWei } = await this.listingForSale(userId, input);
    if (await repo.findOpenSkillOrder(this.db, buyerAvatar.id, listing.skillId)) {
      throw new HttpError(
        409,
        `An order for ${skillName} on ${buyerAvatar.name} is already open: wait for it to finish`,
      );
    }
    const buyer = await this.linkedWallet(userId);
    const minted = await ensureAvatarMinted(this.db, market.chain, buyerAvatar.id);
    const holder = await market.chain.ownerOf(minted.tokenId!);
    if (!isAddressEqual(holder, buyer)) {
      if (!isAddressEqual(holder, market.platform)) {
        throw new HttpError(409, `${buyerAvatar.name}'s NFT is held by another wallet, not your linked wallet`);
      }
      await claimAvatar(this.db, market.chain, buyerAvatar.id, userId);
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
   * `POST /api/purchase-skill` (SPEC §7): crypto records the wallet's `buySkill` from its receipt
   * (checked against the requested skill, avatar and listing); card charges and writes the skill.
   * Once per idempotency key (see idempotency.ts).
   * @throws HttpError 422 the key was used for another request; 409 the avatar has the skill or an
   *   open order is buying it
   */
  async purchaseSkill(userId: string, body: PurchaseSkillRequest): Promise<Answer> {
    return withIdempotencyKey(
      this.db,
      { userId, key: body.idempotencyKey, route: 'POST /api/purchase-skill', body },
      async () => toAnswer(await this.purchaseSkillOnce(userId, body)),
    );
  }

  private async purchaseSkillOnce(userId: string, body: PurchaseSkillRequest): Promise<PurchaseOutcome> {
    if (body.paymentMethod === 'crypto') {
      return this.confirm(userId, body.txHash!, {
        kind: 'skill',
        skillId: body.skillId,
        avatarId: body.avatarId,
        listingId: body.listingId,
      });
    }
    this.requireMarket();
    const done = await this.finishedAttempt(
      userId,
      body.idempotencyKey!,
      (p) =>
        p.kind === 'skill' &&
        p.skillId === body.skillId &&
        p.buyerAvatarId === body.avatarId &&
        (body.listingId === undefined || p.listingId === body.listingId),
    );
    if (done) return done;
    const card = this.checkCardInput(body.card);
    const spec = await this.listingForSale(userId, body);
    return this.cardPurchase(userId, body.idempotencyKey!, { kind: 'skill', ...spec }, card);
  }

  // ------------------------------------------------------------------------------------------
  // Crypto: recording a wallet purchase from its receipt
  // ------------------------------------------------------------------------------------------

  /** `POST /api/purchases/confirm` under the request's idempotency key (see {@link confirm}). */
  async confirmRequest(userId: string, body: { txHash: string; idempotencyKey?: string }): Promise<Answer> {
    return withIdempotencyKey(
      this.db,
      { userId, key: body.idempotencyKey, route: 'POST /api/purchases/confirm', body },
      async () => toAnswer(await this.confirm(userId, body.txHash)),
    );
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
    const market = this.requireMarket();
    const v = await market.verifyPurchase(txHash);
    const wallet = await this.linkedWallet(userId);
    if (!isAddressEqual(v.purchased.buyer, wallet) || !isAddressEqual(v.from, wallet)) {
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
    const market = this.requireMarket();
    const avatarId = Number(v.purchased.itemId);
    const series = await repo.findAvatar(this.db, avatarId);
    if (!series || !v.minted || v.minted.avatarId !== avatarId || BigInt(v.minted.tokenId) !== v.purchased.tokenId) {
      throw new HttpError(400, 'The transaction bought an edition that is not one of our avatars');
    }
    const replay = await this.editionReplay(userId, v.receipt.transactionHash);
    if (replay) return replay;
    if (series.priceEth === null || ethToWei(series.priceEth) !== v.purchased.price || v.value < v.purchased.price) {
      throw new HttpError(400, `The price paid does not match ${series.name}'s price`);
    }
    const recorded = await repo.recordEditionSale(this.db, {
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
      result: this.editionResult({
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
    const e = await repo.findEditionByTx(this.db, txHash);
    if (!e) return null;
    if (e.userId !== userId) throw new HttpError(409, 'This purchase was recorded for another account');
    const [series, mine] = await Promise.all([
      repo.findAvatar(this.db, e.avatarId),
      repo.findAvatarByToken(this.db, e.tokenId),
    ]);
    return {
      outcome: 'replayed',
      result: this.editionResult({
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
    const listing = await repo.findListingByChainId(this.db, Number(v.purchased.itemId));
    if (!listing) throw new HttpError(400, 'The transaction bought a listing that is not one of ours');
    const buyerAvatar = await repo.findAvatarByToken(this.db, Number(v.purchased.tokenId));
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
    if (ethToWei(listing.price) !== v.purchased.price || v.value < v.purchased.price) {
      throw new HttpError(400, "The price paid does not match the listing's price");
    }
    const proficiency =
      v.skill && v.skill.tokenId === buyerAvatar.tokenId && v.skill.skillId === listing.skillId
        ? v.skill.proficiency
        : listing.proficiencyLevel;
    const row = await repo.recordSkillSale(this.db, {
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
    const skill = await repo.findSkill(this.db, listing.skillId);
    return {
      outcome: 'created',
      result: this.skillResult({
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
    const t = await repo.findSkillTransactionByTx(this.db, txHash);
    if (!t) return null;
    if (t.buyerId !== userId) throw new HttpError(409, 'This purchase was recorded for another account');
    const [skill, have] = await Promise.all([
      repo.findSkill(this.db, t.skillId),
      repo.findAvatarSkill(this.db, t.avatarId, t.skillId),
    ]);
    return {
      outcome: 'replayed',
      result: this.skillResult({
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

  // ------------------------------------------------------------------------------------------
  // Card
  // ------------------------------------------------------------------------------------------

  /**
   * The sandbox needs the card fields and only its test numbers; Stripe must never get card fields
   * here (Elements sends them to Stripe).
   * @throws HttpError 400 otherwise
   */
  private checkCardInput(card: Card | undefined): Card | undefined {
    const { payments } = this.deps;
    if (payments.kind === 'stripe') {
      if (card) throw new HttpError(400, 'Card details go to Stripe Elements, never to this server');
      return undefined;
    }
    if (!card) throw new HttpError(400, 'Enter the card number, expiry (MM/YY) and CVV');
    if (!SANDBOX_TEST_CARDS[card.number]) {
      throw new HttpError(
        400,
        'This sandbox takes only test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 needs a retry',
      );
    }
    return card;
  }

  /**
   * A fulfilled attempt under this key answers its result again before anything is re-checked (the
   * purchase itself made it "already owned" or "sold out").
   * @throws HttpError 409 when the key belongs to another purchase
   */
  private async finishedAttempt(
    userId: string,
    key: string,
    same: (p: PaymentRow) => boolean,
  ): Promise<PurchaseOutcome | null> {
    const p = await repo.findPayment(this.db, userId, key);
    if (!p) return null;
    if (!same(p)) throw new HttpError(409, 'This idempotency key was used for another purchase');
    return p.status === 'fulfilled' ? { outcome: 'replayed', result: await this.paymentResult(p) } : null;
  }

  /** Whether a stored attempt is for the same purchase as `spec`. */
  private samePurchase(p: PaymentRow, spec: PurchaseSpec): boolean {
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
  private async claimAttempt(
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
      provider: this.deps.payments.kind,
      amountWei: spec.priceWei.toString(),
      amountUsdCents,
      status: 'processing',
      attempts: 1,
    };
    const chainMinted = spec.kind === 'avatar' ? (await this.requireMarket().series(spec.series.id)).minted : 0;
    return this.db.transaction(async (tx) => {
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

  /**
   * A card purchase under one idempotency key. A new key charges once and fulfils once. A key seen
   * before: fulfilled → the same result (no charge); declined → the same decline; needs a retry →
   * charged again (the sandbox's 9995 card succeeds then); in progress → 409; another purchase → 409.
   * @throws CardFailureError 402 declined / retry; HttpError 409 sold out, in progress, key reused,
   * fulfilment failed (the charge is refunded)
   */
  private async cardPurchase(
    userId: string,
    key: string,
    spec: PurchaseSpec,
    card: Card | undefined,
  ): Promise<PurchaseOutcome> {
    const cents = await this.usdCents(spec.priceWei);
    let { payment, fresh } = await this.claimAttempt(userId, key, spec, cents);
    if (!fresh) {
      if (!this.samePurchase(payment, spec)) {
        throw new HttpError(409, 'This idempotency key was used for another purchase');
      }
      switch (payment.status) {
        case 'fulfilled':
          return { outcome: 'replayed', result: await this.paymentResult(payment) };
        case 'declined':
          throw new CardFailureError(payment.failureMessage ?? 'Your card was declined', 'card_declined');
        case 'requires_payment':
          return this.stripePending(payment, spec);
        case 'succeeded':
          // paid; its delivery job runs (or will, after the crash that cut the first request)
          return this.awaitFulfilment(payment, spec);
        case 'requires_retry': {
          const claimed = await repo.updatePayment(
            this.db,
            payment.id,
            { status: 'processing', attempts: payment.attempts + 1 },
            ['requires_retry'],
          );
          if (!claimed) throw new HttpError(409, 'This payment is already being processed');
          payment = claimed;
          break;
        }
        case 'refunded':
        case 'failed':
          throw new HttpError(409, `This attempt failed and was refunded: ${payment.failureMessage ?? 'start again'}`);
        default: {
          const reclaimed = await repo.reclaimStaleProcessing(
            this.db,
            payment.id,
            new Date(Date.now() - STALE_PROCESSING_MS),
          );
          if (!reclaimed) throw new HttpError(409, 'This payment is already being processed');
          payment = reclaimed;
        }
      }
    }

    const { payments } = this.deps;
    if (payments.kind === 'stripe') {
      const intent = await payments
        .createIntent({
          amountUsdCents: cents,
          idempotencyKey: `purchase-${payment.id}`,
          description: spec.kind === 'avatar' ? `Edition of ${spec.series.name}` : `Skill ${spec.skillName}`,
          metadata: { paymentId: String(payment.id), userId },
        })
        .catch(async (err) => {
          await repo.updatePayment(this.db, payment.id, {
            status: 'failed',
            failureMessage: 'Stripe refused the payment',
          });
          throw err;
        });
      const updated = await repo.updatePayment(this.db, payment.id, {
        status: 'requires_payment',
        providerPaymentId: intent.id,
      });
      return { outcome: 'pending', result: this.pendingResult(updated!, spec, intent.clientSecret) };
    }

    const charged = await payments.charge({
      card: card!,
      amountUsdCents: cents,
      attempt: payment.attempts,
      reference: key,
    });
    const cardPatch = { cardBrand: charged.brand, cardLast4: charged.last4 };
    if (charged.status === 'declined') {
      await repo.updatePayment(this.db, payment.id, {
        ...cardPatch,
        status: 'declined',
        failureMessage: charged.message,
      });
      throw new CardFailureError(charged.message, 'card_declined');
    }
    if (charged.status === 'retry') {
      await repo.updatePayment(this.db, payment.id, {
        ...cardPatch,
        status: 'requires_retry',
        failureMessage: charged.message,
      });
      throw new CardFailureError(charged.message, 'processing_error');
    }
    // Paid: the delivery is a job recorded with the payment's new state (issue 12 item 1).
    const paid = await this.db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const row = await repo.updatePayment(txDb, payment.id, {
        ...cardPatch,
        status: 'succeeded',
        providerPaymentId: charged.paymentId,
        failureMessage: null,
      });
      await this.deps.jobs.send(
        CARD_FULFILMENT_QUEUE,
        { paymentId: payment.id },
        { tx: txDb, singletonKey: `payment:${payment.id}` },
      );
      return row!;
    });
    return this.awaitFulfilment(paid, spec);
  }

  /**
   * Waits (up to CARD_FULFILMENT_WAIT_MS) for a paid card payment's delivery job: 201 with the
   * result once fulfilled; 202 with a `processing` result (poll GET /api/purchases/payments/:id)
   * while it still runs. @throws HttpError 409 when delivery failed and the charge was refunded
   */
  private async awaitFulfilment(payment: PaymentRow, spec: PurchaseSpec): Promise<PurchaseOutcome> {
    const until = Date.now() + CARD_FULFILMENT_WAIT_MS;
    let p: PaymentRow | null = payment;
    for (;;) {
      p = await repo.findPaymentById(this.db, payment.id);
      if (p?.status === 'fulfilled') return { outcome: 'created', result: await this.paymentResult(p) };
      if (p && ['refunded', 'failed'].includes(p.status)) {
        throw new HttpError(409, p.failureMessage ?? 'The purchase could not be delivered; your card was refunded');
      }
      if (Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return {
      outcome: 'pending',
      result: { ...this.pendingResult(payment, spec, ''), status: 'processing', clientSecret: null },
    };
  }

  /**
   * The `card-fulfilment` job: delivers a paid sandbox-card payment once (skipped unless it is still
   * `succeeded`); a failed delivery is refunded at once, as the request did before (issue 12 item 4).
   * A process that dies mid-delivery leaves the job to another: the mint's outbox key
   * (`edition-order:<user>:<payment>`) and the sale's unique rows make the second run finish the first.
   */
  async fulfilCardPayment(paymentId: number): Promise<void> {
    const p = await repo.findPaymentById(this.db, paymentId);
    if (p?.status !== 'succeeded') return;
    try {
      await this.fulfil(p);
    } catch (err) {
      // refunded and recorded on the payment (the waiting request answers 409 with the reason)
      this.deps.log.warn({ err, paymentId }, 'card purchase delivery failed; refunded');
    }
  }

  private async stripePending(payment: PaymentRow, spec: PurchaseSpec): Promise<PurchaseOutcome> {
    const { payments } = this.deps;
    if (payments.kind !== 'stripe' || !payment.providerPaymentId) {
      throw new HttpError(409, 'This payment is already being processed');
    }
    const intent = await payments.retrieveIntent(payment.providerPaymentId);
    return { outcome: 'pending', result: this.pendingResult(payment, spec, intent.clientSecret) };
  }

  /**
   * Delivers a paid card purchase from the platform key and records it with that transaction's hash:
   * mints the edition (to the buyer's linked wallet, else custody) or writes the skill on the buyer's
   * avatar token; then pays the seller's share. When delivery fails the charge is refunded.
   * @throws HttpError 409 (sold out on chain / refunded) or the chain's error after refunding
   */
  async fulfil(
    payment: PaymentRow,
    opts: { refundOnFailure: boolean } = { refundOnFailure: true },
  ): Promise<PaymentRow> {
    const market = this.requireMarket();
    try {
      // chain reads first; the ledger entry is written in the same transaction as the sale
      const entry = await this.saleEntry(market, payment);
      const done =
        payment.kind === 'avatar'
          ? await this.fulfilEdition(market, payment, entry)
          : await this.fulfilSkill(market, payment, entry);
      return (await repo.findPaymentById(this.db, done.id)) ?? done;
    } catch (err) {
      if (!opts.refundOnFailure) throw err;
      await this.refund(payment, err);
      if (payment.kind === 'avatar' && payment.seriesAvatarId !== null) {
        const series = await repo.findAvatar(this.db, payment.seriesAvatarId);
        const onChain = await market.series(payment.seriesAvatarId).catch(() => null);
        if (series && onChain && onChain.minted >= series.maxEditions) {
          throw new HttpError(409, 'The last edition was just sold; your card was refunded');
        }
      }
      throw err;
    }
  }

  private async refund(payment: PaymentRow, cause: unknown) {
    const { payments } = this.deps;
    try {
      if (payments.kind === 'stripe' && payment.providerPaymentId) {
        await payments.refund(payment.providerPaymentId, `refund-${payment.id}`);
      } else if (payments.kind === 'sandbox' && payment.providerPaymentId) {
        await payments.refund(payment.providerPaymentId);
      }
      await repo.updatePayment(this.db, payment.id, {
        status: 'refunded',
        failureMessage: `Delivery failed, refunded: ${(cause as Error).message ?? cause}`.slice(0, 500),
      });
    } catch (err) {
      this.deps.log.error({ err, paymentId: payment.id }, 'refund failed');
      await repo.updatePayment(this.db, payment.id, { status: 'failed', failureMessage: 'Delivery and refund failed' });
    }
  }

  private async fulfilEdition(market: MarketChain, payment: PaymentRow, entry: LedgerEntry): Promise<PaymentRow> {
    const series = await repo.findAvatar(this.db, payment.seriesAvatarId!);
    if (!series) throw new HttpError(404, 'Avatar not found');
    // The series must exist before a buyer's mint, or the buyer would become its creator.
    await this.deps.lock(`series:${series.id}`, () => ensureAvatarMinted(this.db, market.chain, series.id));
    const wallet = await repo.findUserWallet(this.db, payment.userId);
    const to = wallet ? getAddress(wallet) : market.platform;
    const minted = await market.chain.mintAvatar({
      mintKey: `edition-order:${payment.userId}:${payment.id}`,
      to,
      avatarId: series.id,
      agentType: series.agentType as 'HACKER' | 'CREATOR' | 'HUSTLER',
      maxEditions: series.maxEditions,
    });
    let updated: PaymentRow | null = null;
    const recorded = await repo.recordEditionSale(this.db, {
      series,
      buyerId: payment.userId,
      tokenId: minted.tokenId,
      edition: minted.edition,
      holderAddress: to,
      source: 'card',
      priceWei: BigInt(payment.amountWei),
      transactionHash: minted.transactionHash,
      contractAddress: market.avatarNFT,
      afterInsert: async (tx, buyerAvatar) => {
        updated = await repo.updatePayment(tx, payment.id, {
          status: 'fulfilled',
          transactionHash: minted.transactionHash.toLowerCase(),
          tokenId: minted.tokenId,
          buyerAvatarId: buyerAvatar.id,
          payoutStatus: 'ledger',
        });
        await recordEntry(tx, entry);
      },
    });
    if (!recorded || !updated) throw new Error(`edition ${minted.tokenId} could not be recorded`);
    return updated;
  }

  private async fulfilSkill(market: MarketChain, payment: PaymentRow, entry: LedgerEntry): Promise<PaymentRow> {
    const listing = await repo.findListing(this.db, payment.listingId!);
    if (!listing) throw new HttpError(404, 'Listing not found');
    const avatar = await ensureAvatarMinted(this.db, market.chain, payment.buyerAvatarId!);
    const w = await market.setSkill(avatar.tokenId!, listing.skillId, listing.proficiencyLevel);
    let updated: PaymentRow | null = null;
    const row = await repo.recordSkillSale(this.db, {
      buyerId: payment.userId,
      listing,
      buyerAvatarId: avatar.id,
      proficiency: listing.proficiencyLevel,
      transactionHash: w.transactionHash,
      afterInsert: async (tx, t) => {
        updated = await repo.updatePayment(tx, payment.id, {
          status: 'fulfilled',
          transactionHash: w.transactionHash.toLowerCase(),
          tokenId: avatar.tokenId,
          skillTransactionId: t.id,
          payoutStatus: 'ledger',
        });
        await recordEntry(tx, entry);
      },
    });
    if (!row || !updated) throw new Error(`skill sale ${w.transactionHash} could not be recorded`);
    return updated;
  }

  /**
   * The ledger entry of a card sale (issue 12): the seller's share, the platform fee and a skill's
   * ERC-2981 royalty, split as the Marketplace contract splits a crypto sale — recorded off chain,
   * never paid in ETH from the platform key (a sandbox charge is not real money; Stripe's is paid
   * out by Stripe, not by the chain).
   */
  private async saleEntry(market: MarketChain, payment: PaymentRow): Promise<LedgerEntry> {
    const priceWei = BigInt(payment.amountWei);
    const feeBps = await market.feeBps();
    let sellerUserId: string;
    let royalty: { account: string; userId: string | null; amountWei: bigint } | null = null;
    let memo: string;
    if (payment.kind === 'avatar') {
      const series = await repo.findAvatar(this.db, payment.seriesAvatarId!);
      if (!series) throw new HttpError(404, 'Avatar not found');
      sellerUserId = series.ownerId;
      memo = `Card sale: edition of ${series.name}`;
    } else {
      const listing = await repo.findListing(this.db, payment.listingId!);
      if (!listing) throw new HttpError(404, 'Listing not found');
      sellerUserId = listing.sellerId;
      const skill = await repo.findSkill(this.db, listing.skillId);
      memo = `Card sale: skill ${skill?.name ?? listing.skillId}`;
      const sellerAvatar = await repo.findAvatar(this.db, listing.avatarId);
      if (sellerAvatar?.tokenId) {
        const r = await market.royaltyInfo(sellerAvatar.tokenId, priceWei);
        if (r.amount > 0n) {
          const userId = isAddressEqual(r.receiver, market.platform)
            ? null
            : await repo.findUserIdByWallet(this.db, r.receiver);
          royalty = {
            account: isAddressEqual(r.receiver, market.platform)
              ? 'platform:royalties'
              : userId
                ? userAccount(userId)
                : `royalty:${r.receiver.toLowerCase()}`,
            userId,
            amountWei: r.amount,
          };
        }
      }
    }
    return cardSaleEntry({ paymentId: payment.id, priceWei, feeBps, sellerUserId, royalty, memo });
  }

  // ------------------------------------------------------------------------------------------
  // Stripe webhook and payment status
  // ------------------------------------------------------------------------------------------

  /**
   * A stored Stripe event's PaymentIntent (run by the `stripe-events` job, one at a time per intent):
   * `payment_intent.succeeded` moves the payment requires_payment → succeeded (compare-and-set) and
   * fulfils it — also a payment left `succeeded` by a run that crashed before fulfilling;
   * `payment_intent.payment_failed` marks it declined. Other events are ignored.
   * @param lastAttempt on the job's last attempt a failed fulfilment refunds the charge; before it,
   *   the error is thrown so the job retries (an RPC outage waits instead of refunding)
   * @returns the payment it concerned, if any
   */
  private async handleStripeIntent(
    type: string,
    intent: { id: string; amountReceived: number; currency: string },
    lastAttempt: boolean,
  ): Promise<number | null> {
    const payment = await repo.findPaymentByProviderId(this.db, intent.id);
    if (!payment) return null;
    if (type === 'payment_intent.payment_failed') {
      await repo.updatePayment(this.db, payment.id, { status: 'declined', failureMessage: 'Your card was declined' }, [
        'requires_payment',
      ]);
      return payment.id;
    }
    if (type !== 'payment_intent.succeeded') return payment.id;
    if (payment.status === 'expired') {
      // paid after the order expired (another order may have bought the item since): give it back
      await this.refund(payment, new Error('The order expired before the payment arrived'));
      return payment.id;
    }
    if (payment.status === 'requires_payment') {
      if (intent.currency !== payment.currency || intent.amountReceived !== payment.amountUsdCents) {
        this.deps.log.error({ paymentId: payment.id, intent }, 'Stripe amount does not match the payment');
        await repo.updatePayment(this.db, payment.id, { status: 'failed', failureMessage: 'Amount mismatch' }, [
          'requires_payment',
        ]);
        return payment.id;
      }
      await repo.updatePayment(this.db, payment.id, { status: 'succeeded' }, ['requires_payment']);
    }
    const paid = await repo.findPaymentById(this.db, payment.id);
    if (paid?.status !== 'succeeded') return payment.id; // fulfilled (or failed) before: a redelivery
    await this.fulfil(paid, { refundOnFailure: lastAttempt });
    return payment.id;
  }

  /**
   * `POST /api/payments/stripe/webhook`: verifies the signature over the raw body, stores the event
   * once by id and, in the same transaction, enqueues its fulfilment job; nothing else happens in
   * the request (a crash after it answered loses nothing: the job runs after a restart).
   * @throws HttpError 404 when Stripe is not configured; PaymentInputError 400 for a bad signature
   */
  async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
    const { payments } = this.deps;
    if (payments.kind !== 'stripe') throw new HttpError(404, 'Stripe is not configured');
    const event = payments.verifyWebhook(rawBody, signature);
    const stored = await this.db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      if (!(await repo.insertPaymentEvent(txDb, event.id, event.type, event.intent ?? null))) return false;
      await this.deps.jobs.send(
        STRIPE_EVENTS_QUEUE,
        { eventId: event.id },
        { tx: txDb, singletonKey: event.intent?.id ?? event.id },
      );
      return true;
    });
    return { duplicate: !stored };
  }

  /**
   * The `stripe-events` job: handles a stored event once (marks it processed).
   * @throws the fulfilment's error before the last attempt, so the job is retried
   */
  async processStripeEvent(eventId: string, lastAttempt: boolean): Promise<void> {
    const event = await repo.findPaymentEvent(this.db, eventId);
    if (!event || event.processedAt) return;
    const paymentId = event.intent ? await this.handleStripeIntent(event.type, event.intent, lastAttempt) : null;
    await repo.markPaymentEventProcessed(this.db, eventId, paymentId);
  }

  /** `GET /api/purchases/payments/:id`: the buyer's own card payment. @throws HttpError 404 */
  async paymentStatus(userId: string, id: number) {
    const p = await repo.findPaymentById(this.db, id);
    if (!p || p.userId !== userId) throw new HttpError(404, 'Payment not found');
    return {
      id: p.id,
      status: p.status,
      failureMessage: p.failureMessage,
      result: p.status === 'fulfilled' ? await this.paymentResult(p) : null,
    };
  }

  // ------------------------------------------------------------------------------------------
  // Results
  // ------------------------------------------------------------------------------------------

  private editionResult(p: {
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

  private skillResult(p: {
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

  private pendingResult(payment: PaymentRow, spec: PurchaseSpec, clientSecret: string): PurchaseResult {
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
  private async paymentResult(p: PaymentRow): Promise<PurchaseResult> {
    const card = p.cardLast4 ? `${p.cardBrand ?? 'Card'} •••• ${p.cardLast4}` : null;
    if (p.kind === 'avatar') {
      const [series, edition] = await Promise.all([
        repo.findAvatar(this.db, p.seriesAvatarId!),
        p.tokenId ? repo.findEditionByToken(this.db, p.tokenId) : null,
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
      repo.findSkill(this.db, p.skillId!),
      repo.findAvatarSkill(this.db, p.buyerAvatarId!, p.skillId!),
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
