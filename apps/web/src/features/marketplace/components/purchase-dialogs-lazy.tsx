/**
 * The purchase dialogs as the catalogue's pages render them: the trigger at once, the dialog (Radix
 * Dialog, the skill dialog's Select, the checkout's loader) fetched on the trigger's hover or focus
 * and shown from the first click on (components/ui/dialog-lazy.tsx). A `/marketplace` page has a
 * PURCHASE button on each of its 24 cards; none of them loads or hydrates Radix before it is used.
 */
import { type LazyDialogBodyProps, lazyDialog } from '@/components/ui/dialog-lazy';
import type { PurchaseAvatarDialog } from './purchase-avatar-dialog';
import type { BuySkillDialog } from './purchase-skill-dialog';

/** A dialog's own props, without what lazyDialog passes. */
type OwnProps<P> = Omit<P, keyof LazyDialogBodyProps | 'trigger'>;

/** PURCHASE_AVATAR (purchase-avatar-dialog.tsx), loaded on first use; same props. */
export const PurchaseAvatarDialogLazy = lazyDialog<OwnProps<Parameters<typeof PurchaseAvatarDialog>[0]>>(() =>
  import('./purchase-avatar-dialog').then((m) => ({ default: m.PurchaseAvatarDialog })),
);

/** The Buy Skill dialog (purchase-skill-dialog.tsx), loaded on first use; same props. */
export const BuySkillDialogLazy = lazyDialog<OwnProps<Parameters<typeof BuySkillDialog>[0]>>(() =>
  import('./purchase-skill-dialog').then((m) => ({ default: m.BuySkillDialog })),
);
