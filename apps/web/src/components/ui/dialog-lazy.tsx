import { Slot } from 'radix-ui';
import { type ComponentType, type ReactElement, type ReactNode, Suspense, useRef, useState } from 'react';
import { lazyPage } from '@/app/routes/lazy-page';

/** What the body of a {@link lazyDialog} receives besides its own props. */
export interface LazyDialogBodyProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * For `DialogContent` / `SheetContent`: puts the focus back on the trigger when the dialog closes.
   * Radix focuses its own `DialogTrigger`, which a lazy dialog renders without.
   */
  onCloseAutoFocus: (event: Event) => void;
}

/** The props of a {@link lazyDialog}: the body's own, an optional trigger, and the optional controlled state. */
export type LazyDialogProps<P> = P & {
  /** An element that opens the dialog on click (e.g. a `Button`); rendered at once, without the dialog's code. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/**
 * A dialog whose trigger renders at once and whose body — Radix Dialog, its content and whatever the
 * content imports — is a chunk of its own, fetched when the pointer enters or the focus reaches the
 * trigger and rendered from the first open on. A page that shows many dialog triggers (a card each)
 * then neither loads nor hydrates Radix Dialog before a visitor asks for one. The trigger carries the
 * `aria-haspopup` / `aria-expanded` / `data-state` of Radix's `DialogTrigger`; a click made before the
 * chunk has arrived opens the dialog once it has. Uncontrolled, or controlled with `open` /
 * `onOpenChange` as Radix's `Dialog`.
 * @param load the dynamic import of a module whose default export is the body: a Radix `Dialog`
 *   (controlled by `open` / `onOpenChange`) without a trigger, which passes `onCloseAutoFocus` to its content
 */
export function lazyDialog<P extends object>(
  load: () => Promise<{ default: ComponentType<P & LazyDialogBodyProps> }>,
): ((props: LazyDialogProps<P>) => ReactElement) & { preload: () => Promise<unknown> } {
  const Body = lazyPage(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog at module level, as React.lazy is
  const LazyDialog = ({ trigger, open, onOpenChange, ...props }: LazyDialogProps<P>) => {
    const [ownOpen, setOwnOpen] = useState(false);
    const isOpen = open ?? ownOpen;
    const setOpen = onOpenChange ?? setOwnOpen;
    // Mounted from the first open on and kept, so that closing plays Radix's exit as before.
    const [opened, setOpened] = useState(isOpen);
    if (isOpen && !opened) setOpened(true);
    const triggerRef = useRef<HTMLElement>(null);
    const preload = () => void Body.preload().catch(() => {});
    return (
      <>
        {trigger ? (
          <Slot.Root
            ref={triggerRef}
            aria-haspopup="dialog"
            aria-expanded={isOpen}
            data-state={isOpen ? 'open' : 'closed'}
            onClick={() => setOpen(true)}
            onPointerEnter={preload}
            onFocus={preload}
          >
            {trigger}
          </Slot.Root>
        ) : null}
        {opened ? (
          <Suspense fallback={null}>
            <Body
              {...(props as unknown as P)}
              open={isOpen}
              onOpenChange={setOpen}
              onCloseAutoFocus={(event: Event) => {
                if (!triggerRef.current) return;
                event.preventDefault();
                triggerRef.current.focus();
              }}
            />
          </Suspense>
        ) : null}
      </>
    );
  };
  return Object.assign(LazyDialog, { preload: Body.preload });
}
