import type { VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cx } from '@/lib/cx';
import type { ClassJoiner } from './class-joiner';
import { buttonVariants } from './variants';

/**
 * The Button component, joining the caller's `className` to its own classes with
 * `join`: `cn` (tailwind-merge, caller utilities win) in button.tsx, `cx` (no merge) below.
 */
export function createButtonComponents(join: ClassJoiner) {
  /** shadcn/ui button. `asChild` renders the child element (e.g. a link) with button styles. */
  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function Button({
    className,
    variant,
    size,
    asChild = false,
    ...props
  }: React.ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
    const Comp = asChild ? Slot.Root : 'button';
    return <Comp data-slot="button" className={join(buttonVariants({ variant, size, className }))} {...props} />;
  }
  return { Button };
}

/**
 * The button primitive without tailwind-merge, for the visitor pages (/marketplace, /avatar/:id):
 * the caller's classes are appended as they are, so a caller must not pass a utility that conflicts
 * with the primitive's own (same CSS property); button.tsx has the merging one.
 */
export const { Button } = createButtonComponents(cx);
