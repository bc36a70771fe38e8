import { formatEth, formatUsd } from '@app/domain/pricing-rules';
import { cx } from '@/lib/cx';

/**
 * A price in USD and ETH (SPEC §2: "the price in USD and ETH (4 decimals)"). ETH is the unit of
 * account; USD is derived by the server at the current ETH/USD rate.
 */
export function PriceTag({
  priceUsd,
  priceEth,
  ethText,
  className,
  size = 'md',
}: {
  priceUsd: string | null;
  priceEth: string | null;
  /** Overrides the ETH figure (the detail page shows the full price). */
  ethText?: string;
  className?: string;
  size?: 'md' | 'lg';
}) {
  if (priceEth === null) {
    return <p className={cx('label-mono text-muted-foreground', className)}>NOT_FOR_SALE</p>;
  }
  return (
    <div className={cx('min-w-0', className)}>
      <p
        className={cx(
          'font-display font-black tracking-wide text-neon-lime glow-text',
          size === 'lg' ? 'text-3xl' : 'text-xl',
        )}
      >
        {priceUsd === null ? '—' : formatUsd(priceUsd)}
      </p>
      <p className={cx('font-mono font-bold text-primary', size === 'lg' ? 'text-base' : 'text-sm')}>
        {ethText ?? formatEth(priceEth)} ETH
      </p>
    </div>
  );
}
