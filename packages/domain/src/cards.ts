/**
 * The sandbox card rules (SPEC §2 purchase dialog: card number, expiry MM/YY, CVV): Luhn, MM/YY
 * expiry, the brand, the documented test numbers and the card fields' schema. No I/O.
 */
import { z } from 'zod';

/** What the sandbox does with each documented test number (Stripe's test numbers, same meaning). */
export type SandboxOutcome = 'succeeds' | 'declined' | 'retry';

/**
 * The only numbers the embedded sandbox accepts (DESIGN §2): 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 fails once with a retryable processor error
 * and succeeds when retried under the same idempotency key.
 */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxOutcome>> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'retry',
};

/** Digits only: "4242 4242-4242 4242" → "4242424242424242". */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Groups of 4 for display while typing: "42424242" → "4242 4242" (at most 19 digits). */
export function formatCardNumberInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The MM/YY field while typing: "12" → "12", "123" → "12/3", "12/34" → "12/34" (backspace-friendly). */
export function formatExpiryInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The Luhn (mod 10) check every card number passes. Expects digits only. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM/YY" (or "MM / YY") → month 1..12 and four-digit year; null when malformed. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(m[2]) };
}

/** A card is valid through the last day of its expiry month (UTC). */
export function isExpired(expiry: { month: number; year: number }, now: Date = new Date()): boolean {
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth() + 1;
  return expiry.year < y || (expiry.year === y && expiry.month < mo);
}

/** "Visa" for 4…, "Mastercard" for 51–55 / 2221–2720, "Amex" for 34/37, else "Card". */
export function cardBrandOf(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'Amex';
  return 'Card';
}

/**
 * The card fields of the purchase dialog (SPEC §2). Refused with a message per field: a number that
 * fails the Luhn check, an expiry that is not MM/YY or is in the past, a CVV that is not 3–4 digits.
 * Whether the number is one of the sandbox's test numbers is the processor's business, not this
 * schema's. The output number is digits only.
 */
export const CardInputSchema = z.object({
  number: z
    .string()
    .max(30)
    .transform(normalizeCardNumber)
    .refine((n) => /^\d{12,19}$/.test(n), { message: 'Card number must be 12 to 19 digits', abort: true })
    .refine(luhnValid, 'Card number is invalid (checksum)'),
  expiry: z
    .string()
    .max(10)
    .refine((v) => parseExpiry(v) !== null, 'Expiry must be MM/YY')
    .refine((v) => {
      const e = parseExpiry(v);
      return e === null || !isExpired(e);
    }, 'Card has expired'),
  cvv: z.string().regex(/^\d{3,4}$/, 'CVV must be 3 or 4 digits'),
});
export type CardInput = z.input<typeof CardInputSchema>;
export type Card = z.output<typeof CardInputSchema>;
