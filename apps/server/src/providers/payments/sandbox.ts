/**
 * The embedded card processor (DESIGN §2): no account, no network, no real charge. It accepts only
 * the documented test numbers of `SANDBOX_TEST_CARDS` (the same numbers and meanings as Stripe's test
 * cards): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 fails
 * with a retryable processor error on the first attempt of a purchase and succeeds when that attempt
 * is retried (same idempotency key). Any other number is refused as input, never "charged".
 * Card fields are validated (Luhn, expiry, CVV) by `CardInputSchema` before they get here.
 */
import { randomUUID } from 'node:crypto';
import { cardBrandOf, SANDBOX_TEST_CARDS } from '@app/domain/purchases';
import { PaymentInputError, type SandboxChargeResult, type SandboxPaymentProvider } from './types';

/** The test numbers as the dialog shows them, grouped by 4. */
export const SANDBOX_TEST_NUMBERS = Object.keys(SANDBOX_TEST_CARDS).map((n) => n.replace(/(\d{4})(?=\d)/g, '$1 '));

export function createSandboxPayments(): SandboxPaymentProvider {
  return {
    kind: 'sandbox',
    async charge({ card, attempt }): Promise<SandboxChargeResult> {
      const outcome = SANDBOX_TEST_CARDS[card.number];
      if (!outcome) {
        throw new PaymentInputError(
          `This sandbox takes only test cards: ${SANDBOX_TEST_NUMBERS[0]} succeeds, ${SANDBOX_TEST_NUMBERS[1]} is declined, ${SANDBOX_TEST_NUMBERS[2]} needs a retry`,
        );
      }
      const brand = cardBrandOf(card.number);
      const last4 = card.number.slice(-4);
      if (outcome === 'declined') return { status: 'declined', message: 'Your card was declined', brand, last4 };
      if (outcome === 'retry' && attempt <= 1) {
        return {
          status: 'retry',
          message:
            'The card processor had a temporary error. Press Pay again to retry (you will not be charged twice).',
          brand,
          last4,
        };
      }
      return { status: 'succeeded', paymentId: `sb_${randomUUID()}`, brand, last4 };
    },
    async refund() {
      // Nothing was charged; the purchases module records the refund on the payment row.
    },
  };
}
