import {
  type CardInput,
  CardInputSchema,
  formatCardNumberInput,
  formatExpiryInput,
  type PaymentsConfig,
  SANDBOX_LABEL,
} from '@app/domain/purchases';
import { CreditCardIcon, FlaskConicalIcon, LoaderIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type Field = keyof CardInput;

const OUTCOME_TEXT: Record<PaymentsConfig['testCards'][number]['outcome'], string> = {
  succeeds: 'succeeds',
  declined: 'is declined',
  retry: 'needs a retry',
};

/**
 * The card tab with the embedded sandbox processor (SPEC §2: card number, expiry MM/YY, CVV, Pay
 * button; DESIGN §2: says it is a sandbox). Checks the fields with the server's own rules (Luhn,
 * MM/YY not past, 3–4 digit CVV) before sending; the documented test numbers fill the number field.
 */
export function PurchaseCardForm({
  payLabel,
  testCards,
  pending,
  disabled,
  onPay,
}: {
  /** e.g. "PAY $450.00" (`cardPayLabel`: a card pays USD). */
  payLabel: string;
  testCards: PaymentsConfig['testCards'];
  pending: boolean;
  /** Why paying is not possible yet (e.g. no avatar chosen); disables the button. */
  disabled?: boolean;
  onPay: (card: CardInput) => void;
}) {
  const id = useId();
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvv: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const set = (field: Field, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CardInputSchema.safeParse(card);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    onPay(card);
  };

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: Field) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-xs text-destructive">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Pay by card">
      <div className="flex items-center justify-between gap-2">
        <Badge variant="yellow">
          <FlaskConicalIcon aria-hidden="true" />
          {SANDBOX_LABEL}
        </Badge>
        <CreditCardIcon className="size-5 text-muted-foreground" aria-hidden="true" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-number`}>CARD_NUMBER</Label>
        <Input
          {...field('number')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={card.number}
          onChange={(e) => set('number', formatCardNumberInput(e.target.value))}
        />
        {error('number')}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-expiry`}>EXPIRY (MM/YY)</Label>
          <Input
            {...field('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={card.expiry}
            onChange={(e) => set('expiry', formatExpiryInput(e.target.value))}
          />
          {error('expiry')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-cvv`}>CVV</Label>
          <Input
            {...field('cvv')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvv}
            onChange={(e) => set('cvv', e.target.value.replace(/\D/g, '').slice(0, 4))}
          />
          {error('cvv')}
        </div>
      </div>
      {testCards.length > 0 && (
        <div className="rounded-md border border-dashed border-border p-3 text-xs text-muted-foreground">
          <p className="label-mono mb-2 text-foreground/80">TEST_CARDS — any future expiry, any CVV</p>
          <ul className="flex flex-col gap-1">
            {testCards.map((c) => (
              <li key={c.number} className="flex flex-wrap items-center gap-x-2">
                <button
                  type="button"
                  className="cursor-pointer rounded font-mono text-primary underline-offset-2 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/70 focus-visible:outline-none"
                  onClick={() => set('number', c.number)}
                  aria-label={`Use test card ${c.number} (${OUTCOME_TEXT[c.outcome]})`}
                >
                  {c.number}
                </button>
                <span>{OUTCOME_TEXT[c.outcome]}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Button type="submit" variant="magenta" disabled={pending || disabled} className="w-full">
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
