/**
 * Buying avatar editions and skills (SPEC §2 purchase dialog, §7 POST
 * /api/purchase-skill), by crypto and by card — the entry points of the purchase routes. The work is
 * split by responsibility:
 * - idempotency.ts — the `Idempotency-Key` of every purchase request (same key and body → the first
 *   answer again; same key, another body → 422);
 * - orders.ts — what may be bought, and the order row opened before any charge (409 for an item the
 *   avatar has, or that an open order is already buying, whatever the key);
 * - crypto-payments.ts — prepare on chain, record a wallet purchase from its receipt once per hash;
 * - card-payments.ts — sandbox charge / Stripe PaymentIntent and webhook, delivery as a job;
 * - fulfilment.ts — mint or skill write, the sale and its earnings-ledger entry (no ETH paid out);
 * - purchase-results.ts — the answers; purchase-context.ts — what they share.
 * Answers: 201 recorded now, 200 a wallet purchase whose tx hash was recorded before, 202 pending
 * (Stripe: confirm in Elements; sandbox: delivery still running), 402 card refused, 409, 422.
 */
import type { PrepareSkillPurchase, PurchaseAvatarRequest, PurchaseSkillRequest } from '@app/domain/purchases';
import { HttpError } from '../../lib/http-error';
import { CardPayments } from './card-payments';
import { CryptoPayments } from './crypto-payments';
import { Fulfilment } from './fulfilment';
import { type Answer, withIdempotencyKey } from './idempotency';
import { Orders } from './orders';
import { PurchaseContext, type PurchaseOutcome, type PurchasesDeps, toAnswer } from './purchase-context';
import { PurchaseResults } from './purchase-results';
import * as repo from './purchases-repository';

export {
  CARD_FULFILMENT_QUEUE,
  CARD_FULFILMENT_WAIT_MS,
  CardFailureError,
  type KeyLock,
  type PurchaseOutcome,
  type PurchasesDeps,
  STALE_PROCESSING_MS,
  STRIPE_EVENTS_QUEUE,
  STRIPE_FULFIL_RETRIES,
} from './purchase-context';

export class PurchasesService {
  private readonly ctx: PurchaseContext;
  private readonly results: PurchaseResults;
  private readonly orders: Orders;
  private readonly crypto: CryptoPayments;
  private readonly card: CardPayments;
  private readonly fulfilment: Fulfilment;

  constructor(deps: PurchasesDeps) {
    this.ctx = new PurchaseContext(deps);
    this.results = new PurchaseResults(this.ctx);
    this.orders = new Orders(this.ctx, this.results);
    this.crypto = new CryptoPayments(this.ctx, this.orders, this.results);
    this.fulfilment = new Fulfilment(this.ctx);
    this.card = new CardPayments(this.ctx, this.fulfilment, this.orders, this.results);
  }

  /** `POST /api/purchases/avatar/prepare` (see CryptoPayments.prepareAvatar). */
  prepareAvatar(userId: string, avatarId: number) {
    return this.crypto.prepareAvatar(userId, avatarId);
  }

  /** `POST /api/purchases/skill/prepare` (see CryptoPayments.prepareSkill). */
  prepareSkill(userId: string, input: PrepareSkillPurchase) {
    return this.crypto.prepareSkill(userId, input);
  }

  /** Records a wallet purchase from its receipt (see CryptoPayments.confirm). */
  confirm(...args: Parameters<CryptoPayments['confirm']>) {
    return this.crypto.confirm(...args);
  }

  /** `POST /api/payments/stripe/webhook` (see CardPayments.handleStripeWebhook). */
  handleStripeWebhook(rawBody: Buffer, signature: string | undefined) {
    return this.card.handleStripeWebhook(rawBody, signature);
  }

  /** The `stripe-events` job (see CardPayments.processStripeEvent). */
  processStripeEvent(eventId: string, lastAttempt: boolean) {
    return this.card.processStripeEvent(eventId, lastAttempt);
  }

  /** The `card-fulfilment` job (see CardPayments.fulfilCardPayment). */
  fulfilCardPayment(paymentId: number) {
    return this.card.fulfilCardPayment(paymentId);
  }

  /** Delivers a paid card payment (see Fulfilment.fulfil). */
  fulfil(...args: Parameters<Fulfilment['fulfil']>) {
    return this.fulfilment.fulfil(...args);
  }

  /**
   * `POST /api/purchase-avatar`: crypto (records the wallet's `buyEdition` from its receipt) or card
   * (sandbox charge or Stripe PaymentIntent, then the mint), once per idempotency key (see idempotency.ts).
   * @throws HttpError 422 the key was used for another request; see {@link purchaseAvatarOnce}
   */
  async purchaseAvatar(userId: string, body: PurchaseAvatarRequest): Promise<Answer> {
    return withIdempotencyKey(
      this.ctx.db,
      { userId, key: body.idempotencyKey, route: 'POST /api/purchase-avatar', body },
      async () => toAnswer(await this.purchaseAvatarOnce(userId, body)),
    );
  }

  private async purchaseAvatarOnce(userId: string, body: PurchaseAvatarRequest): Promise<PurchaseOutcome> {
    if (body.paymentMethod === 'crypto') {
      return this.crypto.confirm(userId, body.txHash!, { kind: 'avatar', avatarId: body.avatarId });
    }
    this.ctx.requireMarket();
    const done = await this.orders.finishedAttempt(
      userId,
      body.idempotencyKey!,
      (p) => p.kind === 'avatar' && p.seriesAvatarId === body.avatarId,
    );
    if (done) return done;
    const { series, priceWei } = await this.orders.avatarForSale(body.avatarId, userId);
    const card = this.card.checkCardInput(body.card);
    return this.card.cardPurchase(userId, body.idempotencyKey!, { kind: 'avatar', series, priceWei }, card);
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
      this.ctx.db,
      { userId, key: body.idempotencyKey, route: 'POST /api/purchase-skill', body },
      async () => toAnswer(await this.purchaseSkillOnce(userId, body)),
    );
  }

  private async purchaseSkillOnce(userId: string, body: PurchaseSkillRequest): Promise<PurchaseOutcome> {
    if (body.paymentMethod === 'crypto') {
      return this.crypto.confirm(userId, body.txHash!, {
        kind: 'skill',
        skillId: body.skillId,
        avatarId: body.avatarId,
        listingId: body.listingId,
      });
    }
    this.ctx.requireMarket();
    const done = await this.orders.finishedAttempt(
      userId,
      body.idempotencyKey!,
      (p) =>
        p.kind === 'skill' &&
        p.skillId === body.skillId &&
        p.buyerAvatarId === body.avatarId &&
        (body.listingId === undefined || p.listingId === body.listingId),
    );
    if (done) return done;
    const card = this.card.checkCardInput(body.card);
    const spec = await this.orders.listingForSale(userId, body);
    return this.card.cardPurchase(userId, body.idempotencyKey!, { kind: 'skill', ...spec }, card);
  }

  /** `POST /api/purchases/confirm` under the request's idempotency key (see {@link confirm}). */
  async confirmRequest(userId: string, body: { txHash: string; idempotencyKey?: string }): Promise<Answer> {
    return withIdempotencyKey(
      this.ctx.db,
      { userId, key: body.idempotencyKey, route: 'POST /api/purchases/confirm', body },
      async () => toAnswer(await this.crypto.confirm(userId, body.txHash)),
    );
  }

  /** `GET /api/purchases/payments/:id`: the buyer's own card payment. @throws HttpError 404 */
  async paymentStatus(userId: string, id: number) {
    const p = await repo.findPaymentById(this.ctx.db, id);
    if (!p || p.userId !== userId) throw new HttpError(404, 'Payment not found');
    return {
      id: p.id,
      status: p.status,
      failureMessage: p.failureMessage,
      result: p.status === 'fulfilled' ? await this.results.paymentResult(p) : null,
    };
  }
}
