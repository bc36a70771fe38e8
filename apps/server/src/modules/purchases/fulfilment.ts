import { getAddress, isAddressEqual } from 'viem';
import { HttpError } from '../../lib/http-error';
import { ensureAvatarMinted } from '../blockchain/mint-service';
import { cardSaleEntry, recordEntry, userAccount } from '../earnings/earnings-ledger';
import type { MarketChain } from './market-chain';
import type { LedgerEntry, PurchaseContext } from './purchase-context';
import type { PaymentRow } from './purchases-repository';
import * as repo from './purchases-repository';

export class Fulfilment {
  constructor(private readonly ctx: PurchaseContext) {}

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
    const market = this.ctx.requireMarket();
    try {
      // chain reads first; the ledger entry is written in the same transaction as the sale
      const entry = await this.saleEntry(market, payment);
      const done =
        payment.kind === 'avatar'
          ? await this.fulfilEdition(market, payment, entry)
          : await this.fulfilSkill(market, payment, entry);
      return (await repo.findPaymentById(this.ctx.db, done.id)) ?? done;
    } catch (err) {
      if (!opts.refundOnFailure) throw err;
      await this.refund(payment, err);
      if (payment.kind === 'avatar' && payment.seriesAvatarId !== null) {
        const series = await repo.findAvatar(this.ctx.db, payment.seriesAvatarId);
        const onChain = await market.series(payment.seriesAvatarId).catch(() => null);
        if (series && onChain && onChain.minted >= series.maxEditions) {
          throw new HttpError(409, 'The last edition was just sold; your card was refunded');
        }
      }
      throw err;
    }
  }

  async refund(payment: PaymentRow, cause: unknown) {
    const { payments } = this.ctx.deps;
    try {
      if (payments.kind === 'stripe' && payment.providerPaymentId) {
        await payments.refund(payment.providerPaymentId, `refund-${payment.id}`);
      } else if (payments.kind === 'sandbox' && payment.providerPaymentId) {
        await payments.refund(payment.providerPaymentId);
      }
      await repo.updatePayment(this.ctx.db, payment.id, {
        status: 'refunded',
        failureMessage: `Delivery failed, refunded: ${(cause as Error).message ?? cause}`.slice(0, 500),
      });
    } catch (err) {
      this.ctx.deps.log.error({ err, paymentId: payment.id }, 'refund failed');
      await repo.updatePayment(this.ctx.db, payment.id, {
        status: 'failed',
        failureMessage: 'Delivery and refund failed',
      });
    }
  }

  private async fulfilEdition(market: MarketChain, payment: PaymentRow, entry: LedgerEntry): Promise<PaymentRow> {
    const series = await repo.findAvatar(this.ctx.db, payment.seriesAvatarId!);
    if (!series) throw new HttpError(404, 'Avatar not found');
    // The series must exist before a buyer's mint, or the buyer would become its creator.
    await this.ctx.deps.lock(`series:${series.id}`, () => ensureAvatarMinted(this.ctx.db, market.chain, series.id));
    const wallet = await repo.findUserWallet(this.ctx.db, payment.userId);
    const to = wallet ? getAddress(wallet) : market.platform;
    const minted = await market.chain.mintAvatar({
      mintKey: `edition-order:${payment.userId}:${payment.id}`,
      to,
      avatarId: series.id,
      agentType: series.agentType as 'HACKER' | 'CREATOR' | 'HUSTLER',
      maxEditions: series.maxEditions,
    });
    let updated: PaymentRow | null = null;
    const recorded = await repo.recordEditionSale(this.ctx.db, {
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
    const listing = await repo.findListing(this.ctx.db, payment.listingId!);
    if (!listing) throw new HttpError(404, 'Listing not found');
    const avatar = await ensureAvatarMinted(this.ctx.db, market.chain, payment.buyerAvatarId!);
    const w = await market.setSkill(avatar.tokenId!, listing.skillId, listing.proficiencyLevel);
    let updated: PaymentRow | null = null;
    const row = await repo.recordSkillSale(this.ctx.db, {
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
   * The ledger entry of a card sale: the seller's share, the platform fee and a skill's
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
      const series = await repo.findAvatar(this.ctx.db, payment.seriesAvatarId!);
      if (!series) throw new HttpError(404, 'Avatar not found');
      sellerUserId = series.ownerId;
      memo = `Card sale: edition of ${series.name}`;
    } else {
      const listing = await repo.findListing(this.ctx.db, payment.listingId!);
      if (!listing) throw new HttpError(404, 'Listing not found');
      sellerUserId = listing.sellerId;
      const skill = await repo.findSkill(this.ctx.db, listing.skillId);
      memo = `Card sale: skill ${skill?.name ?? listing.skillId}`;
      const sellerAvatar = await repo.findAvatar(this.ctx.db, listing.avatarId);
      if (sellerAvatar?.tokenId) {
        const r = await market.royaltyInfo(sellerAvatar.tokenId, priceWei);
        if (r.amount > 0n) {
          const userId = isAddressEqual(r.receiver, market.platform)
            ? null
            : await repo.findUserIdByWallet(this.ctx.db, r.receiver);
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
}
