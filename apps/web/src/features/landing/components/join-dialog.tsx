import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { WaitlistForm } from './waitlist-form';

/**
 * The JOIN_THE_REVOLUTION modal with its waitlist form (SPEC §2). A chunk of its own: Radix Dialog and
 * its scroll lock load when a visitor first reaches for the button, not with the landing page
 * (the landing's initial JS stays ≤ 100 KB gzip). Focus goes back to `returnFocusTo` on close.
 */
export default function JoinDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Room to breathe on a phone; the title wraps clear of the close button. */}
      <DialogContent
        className="gap-6 px-5 pt-10 pb-7 sm:p-8"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader className="pr-0">
          <DialogTitle className="[overflow-wrap:anywhere]">JOIN_THE_REVOLUTION</DialogTitle>
          <DialogDescription>
            Drop your e-mail to reserve a spot. Waitlist members get priority access to mint their first AI avatar.
          </DialogDescription>
        </DialogHeader>
        <WaitlistForm />
      </DialogContent>
    </Dialog>
  );
}
