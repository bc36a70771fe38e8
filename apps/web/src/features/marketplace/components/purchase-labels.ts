/** SPEC §2 purchase dialog: the crypto tab's button. Kept apart so the page chunk need not load wagmi. */
export const CRYPTO_PAY_LABEL_TEXT = 'Connect Wallet & Pay';
