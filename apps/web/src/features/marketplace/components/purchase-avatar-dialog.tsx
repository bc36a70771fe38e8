import type { PurchaseResult } from '@app/domain/purchases';
import { type ReactNode, useState } from 'react';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { PurchaseCheckout } from './purchase-checkout-lazy';

/** What the dialog needs of an avatar: a MarketplaceAvatar (or AvatarDetail) fits. */
export interface PurchasableAvatar {
  id: number;
  name: string;
  /** Decimal ETH ("0.15"); null = not for sale. */
  priceEth: string | null;
  priceUsd?: string | null;
  thumbnailUrl?: string | null;
  agentType?: string;
  /** The avatar's edition number and its series size (SPEC §2 'edition of maxEditions'). */
  edition?: number;
  maxEditions?: number;
  /** Editions minted so far, when the page knows it (then shown instead of `edition`). */
  minted?: number;
}

/**
 * PURCHASE_AVATAR / the marketplace card's purchase dialog (SPEC §2): buys the next
 * edition of `avatar` by card (default tab) or crypto, and the buyer gets her own avatar of it.
 * Uncontrolled with a `trigger` (e.g. the PURCHASE_AVATAR button), or controlled with
 * `open` / `onOpenChange`. Signed-out visitors see a prompt to sign in. `onPurchased` runs after a
 * completed purchase (the dialog already refreshes the avatars, listings and avatar-details queries).
 */
export function PurchaseAvatarDialog({
  avatar,
  trigger,
  open,
  onOpenChange,
  onPurchased,
  onCloseAutoFocus,
}: {
  avatar: PurchasableAvatar;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onPurchased?: (result: PurchaseResult) => void;
  /** Where the focus goes when the dialog closes (lazyDialog's trigger); Radix's own trigger by default. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const editions =
    avatar.maxEditions === undefined
      ? null
      : avatar.minted !== undefined
        ? `${avatar.minted} of ${avatar.maxEditions} editions minted`
        : avatar.edition !== undefined
          ? `Edition ${avatar.edition} of ${avatar.maxEditions}`
          : `Series of ${avatar.maxEditions} editions`;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>PURCHASE_AVATAR</DialogTitle>
          <DialogDescription className="sr-only">
            Buy the next edition of {avatar.name} by card or with your wallet.
          </DialogDescription>
        </DialogHeader>
        <div className="flex min-w-0 items-center gap-3">
          <AvatarThumbnail
            src={avatar.thumbnailUrl ?? null}
            name={avatar.name}
            agentType={avatar.agentType ?? ''}
            className="size-14! shrink-0"
          />
          <div className="flex min-w-0 flex-col">
            <span className="truncate font-display font-black tracking-wide" title={avatar.name}>
              {avatar.name}
            </span>
            <span className="text-xs text-muted-foreground">{editions ?? 'The next edition is minted to you'}</span>
          </div>
        </div>
        {avatar.priceEth === null ? (
          <p className="text-sm text-muted-foreground">{avatar.name} is not for sale.</p>
        ) : isOpen ? (
          <PurchaseCheckout
            order={{
              kind: 'avatar',
              avatarId: avatar.id,
              name: avatar.name,
              priceEth: avatar.priceEth,
              priceUsd: avatar.priceUsd,
            }}
            onPurchased={onPurchased}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
