/**
 * Picks the card processor from the configuration (DESIGN §2): Stripe when STRIPE_SECRET_KEY,
 * STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set (config.ts requires all three together),
 * else the embedded sandbox.
 */
import type { Config } from '../../config';
import { createSandboxPayments } from './sandbox';
import type { PaymentProvider } from './types';

/**
 * The configured processor. Stripe's SDK (~15 MB resident) is imported only when Stripe is
 * configured, so the embedded default never loads it.
 */
export async function createPaymentProvider(config: Config): Promise<PaymentProvider> {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET) {
    const { createStripePayments } = await import('./stripe');
    return createStripePayments({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    });
  }
  return createSandboxPayments();
}

/**
 * Content-Security-Policy additions Stripe Elements needs (https://docs.stripe.com/security/guide#content-security-policy):
 * Stripe.js from js.stripe.com, its iframes, and API calls. Empty for the sandbox.
 */
export function paymentCspOrigins(config: Config): {
  scriptOrigins: string[];
  frameOrigins: string[];
  connectOrigins: string[];
} {
  if (!config.STRIPE_PUBLISHABLE_KEY) return { scriptOrigins: [], frameOrigins: [], connectOrigins: [] };
  return {
    scriptOrigins: ['https://js.stripe.com'],
    frameOrigins: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connectOrigins: ['https://api.stripe.com'],
  };
}
