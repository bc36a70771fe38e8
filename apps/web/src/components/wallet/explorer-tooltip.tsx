import { type ReactElement, useEffect, useRef, useState } from 'react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';

/**
 * The tooltip of hash-value.tsx's disabled explorer button, loaded when the pointer or the focus
 * first reaches the button: it opens at once (the button was reached already) and then behaves as
 * any tooltip of the app. It brings its own provider (the app's timing), since the public pages'
 * frame no longer loads Radix Tooltip.
 * @param children the button (one element), rendered as the trigger
 * @param focus whether the button had the focus: the new trigger takes it
 */
export default function ExplorerTooltip({
  text,
  focus,
  children,
}: {
  text: string;
  focus: boolean;
  children: ReactElement;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the tooltip first mounts
  useEffect(() => {
    if (focus) {
      ref.current?.focus();
      return;
    }
    // The button was put in place under the pointer, so the browser may never send it the
    // pointerleave that closes Radix's tooltip: close it on the first move off the button instead.
    const onMove = (event: PointerEvent) => {
      if (ref.current?.contains(event.target as Node)) return;
      setOpen(false);
      document.removeEventListener('pointermove', onMove);
    };
    document.addEventListener('pointermove', onMove);
    return () => document.removeEventListener('pointermove', onMove);
  }, []);
  return (
    <TooltipProvider>
      <Tooltip open={open} onOpenChange={setOpen}>
        <TooltipTrigger asChild ref={ref}>
          {children}
        </TooltipTrigger>
        <TooltipContent>{text}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
