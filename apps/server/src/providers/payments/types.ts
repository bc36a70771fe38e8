/**
 * Card payments (DESIGN §2 "card payments"): the embedded sandbox processor by default, Stripe when
 * configured. Amounts are whole US cents (never floats). The purchases module picks the flow by
 * `kind`: the sandbox charges synchronously from the card fields the dialog sends; Stripe takes the
 * card in Elements on the page and reports the outcome through a signed webhook.
 */
import type { Card } from '@app/domain/purchases';

/** Result of one sandbox charge attempt. */
export type SandboxChargeResult =
  | { status: 'succeeded'; paymentId: string; brand: string; last4: string }
  | { status: 'declined'; message: string; brand: string; last4: string }
  | { status: 'retry'; message: string; brand: string; last4: string };

export interface SandboxPaymentProvider {
  readonly kind: 'sandbox';
  /**
   * Charges `amountUsdCents` to a test card. `attempt` counts the attempts under one idempotency key
   * (1 = first). Declines are results, not errors.
   * @throws PaymentInputError when the number is not one of the documented test cards
   */
  charge(input: {
    card: Card;
    amountUsdCents: number;
    attempt: number;
    reference: string;
  }): Promise<SandboxChargeResult>;
  /** Gives a charge back (fulfilment failed). Never throws for a known payment id. */
  refund(paymentId: string): Promise<void>;
}

/** A PaymentIntent as the purchases module needs it. */
export interface StripeIntent {
  id: string;
  clientSecret: string;
}

/** A verified webhook event, reduced to what fulfilment reads. */
export interface StripeWebhookEvent {
  id: string;
  type: string;
  /** payment_intent.* events: the intent. */
  intent: { id: string; amountReceived: number; amount: number; currency: string; status: string } | null;
}

export interface StripePaymentProvider {
  readonly kind: 'stripe';
  readonly publishableKey: string;
  /**
   * Creates a PaymentIntent for `amountUsdCents` (USD). `idempotencyKey` makes a retried call return
   * the same intent; `metadata` is stored on it (our payment id).
   */
  createIntent(input: {
    amountUsdCents: number;
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<StripeIntent>;
  /** Reads an intent again (a replayed request answers the same client secret). */
  retrieveIntent(id: string): Promise<StripeIntent>;
  /** Refunds a succeeded intent (fulfilment failed). */
  refund(intentId: string, idempotencyKey: string): Promise<void>;
  /**
   * Verifies a webhook delivery (Stripe-Signature header over the exact raw body).
   * @throws PaymentInputError when the signature is missing, wrong or too old
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): StripeWebhookEvent;
}

export type PaymentProvider = SandboxPaymentProvider | StripePaymentProvider;

/** The request was wrong (not a test card, bad webhook signature): answered 400. */
export class PaymentInputError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'PaymentInputError';
  }
}
