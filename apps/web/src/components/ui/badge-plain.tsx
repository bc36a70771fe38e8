import type { VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cx } from '@/lib/cx';
import type { ClassJoiner } from './class-joiner';
import { badgeVariants } from './variants';

/**
 * The Badge component, joining the caller's `className` to its own classes with
 * `join`: `cn` (tailwind-merge, caller utilities win) in badge.tsx, `cx` (no merge) below.
 */
export function createBadgeComponents(join: ClassJoiner) {
  /** A small status label. */
  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function Badge({
    className,
    variant,
    asChild = false,
    ...props
  }: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
    const Comp = asChild ? Slot.Root : 'span';
    return <Comp data-slot="badge" className={join(badgeVariants({ variant }), className)} {...props} />;
  }
  return { Badge };
}

/**
 * The badge primitive without tailwind-merge, for the visitor pages (/marketplace, /avatar/:id):
 * the caller's classes are appended as they are, so a caller must not pass a utility that conflicts
 * with the primitive's own (same CSS property); badge.tsx has the merging one.
 */
export const { Badge } = createBadgeComponents(cx);
