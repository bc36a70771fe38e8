import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';

/** SPEC §5/§8: every NFT action needs a connected wallet, else this toast. */
export function toastConnectWallet() {
  toast({ title: 'Connect Wallet', description: 'Please connect your wallet first', variant: 'destructive' });
}

/**
 * A form's submit button on /nft. Without a wallet it is disabled for assistive tech and looks
 * disabled (SPEC §5), yet still answers a press with the 'Connect Wallet' toast (SPEC §8) instead
 * of doing nothing; while `pending` it is disabled for real.
 */
export function ActionButton({
  walletConnected,
  pending,
  disabled,
  className,
  onClick,
  ...props
}: React.ComponentProps<typeof Button> & { walletConnected: boolean; pending?: boolean }) {
  return (
    <Button
      type="submit"
      size="lg"
      aria-disabled={!walletConnected || undefined}
      disabled={pending || disabled}
      className={cn(
        'sm:self-start',
        !walletConnected && 'cursor-not-allowed opacity-45 shadow-none saturate-[.35] hover:shadow-none',
        className,
      )}
      onClick={(event) => {
        if (!walletConnected) {
          event.preventDefault();
          toastConnectWallet();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    />
  );
}
