import type { PurchaseResult } from '@app/domain/purchases';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { CreditCardIcon, LoaderIcon, LockIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { purchaseAvatar } from '../api/purchase-avatar';
import { waitForPayment } from '../api/purchase-payment-status';
import { purchaseSkill } from '../api/purchase-skill';
import type { PurchaseOrder } from './purchase-order';

interface StripeFormProps {
  publishableKey: string;
  order: PurchaseOrder;
  idempotencyKey: string;
  payLabel: string;
  disabled?: boolean;
  onDone: (result: PurchaseResult) => void;
  onError: (err: unknown) => void;
}

/**
 * The card tab when Stripe is configured (DESIGN §2): the server creates a PaymentIntent for this
 * attempt (idempotency key), Stripe Elements takes the card on the page (it never reaches our
 * server), and the purchase is delivered when Stripe's signed webhook reaches the server — this
 * form polls the payment until then. Lazily loaded: Stripe.js is fetched only when configured.
 */
export default function PurchaseStripeForm(props: StripeFormProps) {
  const { publishableKey, order, idempotencyKey, disabled, onDone, onError } = props;
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  const [intent, setIntent] = useState<{ clientSecret: string; paymentId: number } | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      const result =
        order.kind === 'avatar'
          ? await purchaseAvatar({ avatarId: order.avatarId, paymentMethod: 'card', idempotencyKey })
          : await purchaseSkill({
              skillId: order.skillId,
              avatarId: order.avatarId!,
              listingId: order.listingId ?? undefined,
              paymentMethod: 'card',
              idempotencyKey,
            });
      if (result.status === 'completed') onDone(result);
      else if (result.clientSecret && result.paymentId) {
        setIntent({ clientSecret: result.clientSecret, paymentId: result.paymentId });
      }
    } catch (err) {
      onError(err);
    } finally {
      setStarting(false);
    }
  };

  if (!intent) {
    return (
      <Button type="button" variant="magenta" className="w-full" disabled={starting || disabled} onClick={start}>
        {starting ? (
          <LoaderIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <LockIcon aria-hidden="true" />
        )}
        ENTER_CARD_DETAILS
      </Button>
    );
  }
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: intent.clientSecret,
        appearance: { theme: 'night', variables: { colorPrimary: '#22f0ff', fontFamily: 'JetBrains Mono, monospace' } },
      }}
    >
      <ConfirmCard {...props} paymentId={intent.paymentId} />
    </Elements>
  );
}

function ConfirmCard({ payLabel, paymentId, onDone, onError }: StripeFormProps & { paymentId: number }) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    try {
      const { error } = await stripe.confirmPayment({ elements, redirect: 'if_required' });
      if (error) throw new Error(error.message ?? 'Your card was declined');
      const status = await waitForPayment(paymentId);
      if (status.result) onDone(status.result);
    } catch (err) {
      onError(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={pay} aria-label="Pay by card with Stripe">
      <PaymentElement />
      <Button type="submit" variant="magenta" className="w-full" disabled={!stripe || pending}>
        {pending ? (
          <LoaderIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <CreditCardIcon aria-hidden="true" />
        )}
        {pending ? 'PROCESSING...' : payLabel}
      </Button>
    </form>
  );
}
