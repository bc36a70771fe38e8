import type { PaymentStatus } from '@app/domain/purchases';
import { apiRequest } from '@/lib/api';

/** GET /api/purchases/payments/:id: a card payment's state (Stripe: fulfilled once its webhook arrived). */
export async function getPaymentStatus(id: number): Promise<PaymentStatus> {
  const res = await apiRequest('GET', `/api/purchases/payments/${id}`);
  return (await res.json()) as PaymentStatus;
}

/** How often and how long the page waits for Stripe's webhook, ms. */
const POLL_MS = 1_500;
const POLL_LIMIT_MS = 120_000;

/**
 * Polls until the payment is fulfilled (resolves with it) or fails (throws its message).
 * @throws Error when it fails, or is still open after two minutes
 */
export async function waitForPayment(id: number): Promise<PaymentStatus> {
  const until = Date.now() + POLL_LIMIT_MS;
  for (;;) {
    const s = await getPaymentStatus(id);
    if (s.status === 'fulfilled') return s;
    if (['declined', 'failed', 'refunded'].includes(s.status)) {
      throw new Error(s.failureMessage ?? 'The payment did not go through');
    }
    if (Date.now() > until) throw new Error('The payment is still processing; check back in a minute');
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
