/**
 * What a purchase dialog sells (shared by the card, Stripe and wallet flows of the checkout).
 * Prices: ETH as a decimal string ("0.15"), USD as a 2-decimal string when the page knows it.
 */
export type PurchaseOrder =
  | {
      kind: 'avatar';
      /** The series whose next edition is bought. */
      avatarId: number;
      name: string;
      priceEth: string;
      priceUsd?: string | null;
    }
  | {
      kind: 'skill';
      skillId: number;
      /** The listing to buy; default the cheapest active one of the skill. */
      listingId?: number | null;
      /** The buyer's own avatar that gets the skill (null until chosen). */
      avatarId: number | null;
      name: string;
      priceEth: string;
      priceUsd?: string | null;
    };
