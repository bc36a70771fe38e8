/**
 * Stripe card payments (DESIGN §2 production): PaymentIntents created with an idempotency key, the
 * card taken by Stripe Elements on the page (it never reaches this server), and the outcome reported
 * by a webhook whose signature is verified over the raw body with STRIPE_WEBHOOK_SECRET.
 * `apiBase` points the client at stripe-mock or a local test double (tests; never in production).
 */
import Stripe from 'stripe';
import { PaymentInputError, type StripePaymentProvider, type StripeWebhookEvent } from './types';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 (stripe-mock); default Stripe's API. */
  apiBase?: string;
}

export function createStripePayments(opts: StripeOptions): StripePaymentProvider {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  const toIntent = (pi: { id: string; client_secret: string | null }) => {
    if (!pi.client_secret) throw new Error(`PaymentIntent ${pi.id} has no client secret`);
    return { id: pi.id, clientSecret: pi.client_secret };
  };

  return {
    kind: 'stripe',
    publishableKey: opts.publishableKey,
    async createIntent({ amountUsdCents, idempotencyKey, description, metadata }) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: amountUsdCents,
          currency: 'usd',
          description,
          metadata,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey },
      );
      return toIntent(pi);
    },
    async retrieveIntent(id) {
      return toIntent(await stripe.paymentIntents.retrieve(id));
    },
    async refund(intentId, idempotencyKey) {
      await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey });
    },
    verifyWebhook(rawBody, signature): StripeWebhookEvent {
      if (!signature) throw new PaymentInputError('Missing Stripe-Signature header');
      let event: { id: string; type: string; data: { object: unknown } };
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret) as typeof event;
      } catch (err) {
        throw new PaymentInputError(`Webhook signature verification failed: ${(err as Error).message}`);
      }
      const obj = event.data.object as {
        object?: string;
        id?: string;
        amount?: number;
        amount_received?: number;
        currency?: string;
        status?: string;
      };
      const intent =
        obj.object === 'payment_intent' && obj.id
          ? {
              id: obj.id,
              amount: obj.amount ?? 0,
              amountReceived: obj.amount_received ?? 0,
              currency: obj.currency ?? '',
              status: obj.status ?? '',
            }
          : null;
      return { id: event.id, type: event.type, intent };
    },
  };
}
