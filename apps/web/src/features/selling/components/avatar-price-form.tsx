import type { Avatar } from '@app/domain/avatar';
import { normalizeEth } from '@app/domain/pricing-rules';
import { PriceEthSchema } from '@app/domain/purchases';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSetAvatarPrice } from '../api/set-avatar-price';

/**
 * Sets or changes the price of an avatar's editions, or takes them off sale. The
 * price is a decimal ETH amount with at most 8 decimals (SPEC §9), checked as the server checks it.
 */
export function AvatarPriceForm({ avatar }: { avatar: Avatar }) {
  const id = useId();
  const current = avatar.priceEth ? normalizeEth(avatar.priceEth) : null;
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const setPrice = useSetAvatarPrice();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = PriceEthSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid price');
      return;
    }
    setError(null);
    setPrice.mutate({ avatarId: avatar.id, priceEth: parsed.data });
  };

  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate aria-label={`Price of ${avatar.name}`}>
      <Label htmlFor={`${id}-price`}>EDITION_PRICE (ETH)</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-price`}
          inputMode="decimal"
          placeholder="0.15"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-32 flex-1"
        />
        <Button type="submit" size="sm" className="h-10" disabled={setPrice.isPending}>
          {current ? 'UPDATE_PRICE' : 'SET_PRICE'}
        </Button>
        {current && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="h-10"
            disabled={setPrice.isPending}
            onClick={() => {
              setValue('');
              setPrice.mutate({ avatarId: avatar.id, priceEth: null });
            }}
          >
            TAKE_OFF_SALE
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        {current
          ? `On sale: ${current} ETH per edition, ${avatar.maxEditions} editions in the series.`
          : 'Not for sale. A price lists it on the marketplace.'}
      </p>
    </form>
  );
}
