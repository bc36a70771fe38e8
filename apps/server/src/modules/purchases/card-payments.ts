/**
 * Card payments: the sandbox processor charges at once and the delivery runs
 * as a `card-fulfilment` job recorded with the charge (the request waits up to 30 s: 201, else 202
 * processing); Stripe answers 202 with a PaymentIntent's client secret and is fulfilled by a job from
 * its stored, signature-checked webhook event. The order row (orders.ts) exists before any charge; a
 * key seen before resumes, replays or refuses its own order (see cardPurchase).
 */
import { type Card, SANDBOX_TEST_CARDS } from '@app/domain/purchases';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { Fulfilment } from './fulfilment';
import type { Orders } from './orders';
import {
  CARD_FULFILMENT_QUEUE,
  CARD_FULFILMENT_WAIT_MS,
  CardFailureError,
  type PurchaseContext,
  type PurchaseOutcome,
  type PurchaseSpec,
  STALE_PROCESSING_MS,
  STRIPE_EVENTS_QUEUE,
} from './purchase-context';
import type { PurchaseResults } from './purchase-results';
import type { PaymentRow } from './purchases-repository';
import * as repo from './purchases-repository';

export class CardPayments {
  constructor(
    private readonly ctx: PurchaseContext,
    private readonly fulfilment: Fulfilment,
    private readonly orders: Orders,
    private readonly results: PurchaseResults,
  ) {}

  /**
   * The sandbox needs the card fields and only its test numbers; Stripe must never get card fields
   * here (Elements sends them to Stripe).
   * @throws HttpError 400 otherwise
   */
  checkCardInput(card: Card | undefined): Card | undefined {
    const { payments } = this.ctx.deps;
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
   * A card purchase under one idempotency key. A new key charges once and fulfils once. A key seen
   * before: fulfilled → the same result (no charge); declined → the same decline; needs a retry →
   * charged again (the sandbox's 9995 card succeeds then); in progress → 409; another purchase → 409.
   * @throws CardFailureError 402 declined / retry; HttpError 409 sold out, in progress, key reused,
   * fulfilment failed (the charge is refunded)
   */
  async cardPurchase(
    userId: string,
    key: string,
    spec: PurchaseSpec,
    card: Card | undefined,
  ): Promise<PurchaseOutcome> {
    const cents = await this.ctx.usdCents(spec.priceWei);
    let { payment, fresh } = await this.orders.claimAttempt(userId, key, spec, cents);
    if (!fresh) {
      if (!this.orders.samePurchase(payment, spec)) {
        throw new HttpError(409, 'This idempotency key was used for another purchase');
      }
      switch (payment.status) {
        case 'fulfilled':
          return { outcome: 'replayed', result: await this.results.paymentResult(payment) };
        case 'declined':
          throw new CardFailureError(payment.failureMessage ?? 'Your card was declined', 'card_declined');
        case 'requires_payment':
          return this.stripePending(payment, spec);
        case 'succeeded':
          // paid; its delivery job runs (or will, after the crash that cut the first request)
          return this.awaitFulfilment(payment, spec);
        case 'requires_retry': {
          const claimed = await repo.updatePayment(
            this.ctx.db,
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
            this.ctx.db,
            payment.id,
            new Date(Date.now() - STALE_PROCESSING_MS),
          );
          if (!reclaimed) throw new HttpError(409, 'This payment is already being processed');
          payment = reclaimed;
        }
      }
    }

    const { payments } = this.ctx.deps;
    if (payments.kind === 'stripe') {
      const intent = await payments
        .createIntent({
          amountUsdCents: cents,
          idempotencyKey: `purchase-${payment.id}`,
          description: spec.kind === 'avatar' ? `Edition of ${spec.series.name}` : `Skill ${spec.skillName}`,
          metadata: { paymentId: String(payment.id), userId },
        })
        .catch(async (err) => {
          await repo.updatePayment(this.ctx.db, payment.id, {
            status: 'failed',
            failureMessage: 'Stripe refused the payment',
          });
          throw err;
        });
      const updated = await repo.updatePayment(this.ctx.db, payment.id, {
        status: 'requires_payment',
        providerPaymentId: intent.id,
      });
      return { outcome: 'pending', result: this.results.pendingResult(updated!, spec, intent.clientSecret) };
    }

    const charged = await payments.charge({
      card: card!,
      amountUsdCents: cents,
      attempt: payment.attempts,
      reference: key,
    });
    const cardPatch = { cardBrand: charged.brand, cardLast4: charged.last4 };
    if (charged.status === 'declined') {
      await repo.updatePayment(this.ctx.db, payment.id, {
        ...cardPatch,
        status: 'declined',
        failureMessage: charged.message,
      });
      throw new CardFailureError(charged.message, 'card_declined');
    }
    if (charged.status === 'retry') {
      await repo.updatePayment(this.ctx.db, payment.id, {
        ...cardPatch,
        status: 'requires_retry',
        failureMessage: charged.message,
      });
      throw new CardFailureError(charged.message, 'processing_error');
    }
    // Paid: the delivery is a job recorded with the payment's new state (so a crash cannot lose it).
    const paid = await this.ctx.db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const row = await repo.updatePayment(txDb, payment.id, {
        ...cardPatch,
        status: 'succeeded',
        providerPaymentId: charged.paymentId,
        failureMessage: null,
      });
      await this.ctx.deps.jobs.send(
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
      p = await repo.findPaymentById(this.ctx.db, payment.id);
      if (p?.status === 'fulfilled') return { outcome: 'created', result: await this.results.paymentResult(p) };
      if (p && ['refunded', 'failed'].includes(p.status)) {
        throw new HttpError(409, p.failureMessage ?? 'The purchase could not be delivered; your card was refunded');
      }
      if (Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return {
      outcome: 'pending',
      result: { ...this.results.pendingResult(payment, spec, ''), status: 'processing', clientSecret: null },
    };
  }

  /**
   * The `card-fulfilment` job: delivers a paid sandbox-card payment once (skipped unless it is still
   * `succeeded`); a failed delivery is refunded at once, as the request did before.
   * A process that dies mid-delivery leaves the job to another: the mint's outbox key
   * (`edition-order:<user>:<payment>`) and the sale's unique rows make the second run finish the first.
   */
  async fulfilCardPayment(paymentId: number): Promise<void> {
    const p = await repo.findPaymentById(this.ctx.db, paymentId);
    if (p?.status !== 'succeeded') return;
    try {
      await this.fulfilment.fulfil(p);
    } catch (err) {
      // refunded and recorded on the payment (the waiting request answers 409 with the reason)
      this.ctx.deps.log.warn({ err, paymentId }, 'card purchase delivery failed; refunded');
    }
  }

  private async stripePending(payment: PaymentRow, spec: PurchaseSpec): Promise<PurchaseOutcome> {
    const { payments } = this.ctx.deps;
    if (payments.kind !== 'stripe' || !payment.providerPaymentId) {
      throw new HttpError(409, 'This payment is already being processed');
    }
    const intent = await payments.retrieveIntent(payment.providerPaymentId);
    return { outcome: 'pending', result: this.results.pendingResult(payment, spec, intent.clientSecret) };
  }

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
    const payment = await repo.findPaymentByProviderId(this.ctx.db, intent.id);
    if (!payment) return null;
    if (type === 'payment_intent.payment_failed') {
      await repo.updatePayment(
        this.ctx.db,
        payment.id,
        { status: 'declined', failureMessage: 'Your card was declined' },
        ['requires_payment'],
      );
      return payment.id;
    }
    if (type !== 'payment_intent.succeeded') return payment.id;
    if (payment.status === 'expired') {
      // paid after the order expired (another order may have bought the item since): give it back
      await this.fulfilment.refund(payment, new Error('The order expired before the payment arrived'));
      return payment.id;
    }
    if (payment.status === 'requires_payment') {
      if (intent.currency !== payment.currency || intent.amountReceived !== payment.amountUsdCents) {
        this.ctx.deps.log.error({ paymentId: payment.id, intent }, 'Stripe amount does not match the payment');
        await repo.updatePayment(this.ctx.db, payment.id, { status: 'failed', failureMessage: 'Amount mismatch' }, [
          'requires_payment',
        ]);
        return payment.id;
      }
      await repo.updatePayment(this.ctx.db, payment.id, { status: 'succeeded' }, ['requires_payment']);
    }
    const paid = await repo.findPaymentById(this.ctx.db, payment.id);
    if (paid?.status !== 'succeeded') return payment.id; // fulfilled (or failed) before: a redelivery
    await this.fulfilment.fulfil(paid, { refundOnFailure: lastAttempt });
    return payment.id;
  }

  /**
   * `POST /api/payments/stripe/webhook`: verifies the signature over the raw body, stores the event
   * once by id and, in the same transaction, enqueues its fulfilment job; nothing else happens in
   * the request (a crash after it answered loses nothing: the job runs after a restart).
   * @throws HttpError 404 when Stripe is not configured; PaymentInputError 400 for a bad signature
   */
  async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
    const { payments } = this.ctx.deps;
    if (payments.kind !== 'stripe') throw new HttpError(404, 'Stripe is not configured');
    const event = payments.verifyWebhook(rawBody, signature);
    const stored = await this.ctx.db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      if (!(await repo.insertPaymentEvent(txDb, event.id, event.type, event.intent ?? null))) return false;
      await this.ctx.deps.jobs.send(
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
    const event = await repo.findPaymentEvent(this.ctx.db, eventId);
    if (!event || event.processedAt) return;
    const paymentId = event.intent ? await this.handleStripeIntent(event.type, event.intent, lastAttempt) : null;
    await repo.markPaymentEventProcessed(this.ctx.db, eventId, paymentId);
  }
}
