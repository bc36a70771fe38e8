import { type ComponentProps, lazy, Suspense } from 'react';
import type { PurchaseCheckout as Checkout } from './purchase-checkout';

const LazyCheckout = lazy(() => import('./purchase-checkout').then((m) => ({ default: m.PurchaseCheckout })));

/**
 * The purchase dialogs' checkout (card, Stripe, wallet), fetched when a dialog first opens: the
 * marketplace and avatar pages, which show a purchase button on every card and skill, do not load
 * it with the page.
 */
export function PurchaseCheckout(props: ComponentProps<typeof Checkout>) {
  return (
    <Suspense fallback={<p className="label-mono text-primary">LOADING_CHECKOUT...</p>}>
      <LazyCheckout {...props} />
    </Suspense>
  );
}
