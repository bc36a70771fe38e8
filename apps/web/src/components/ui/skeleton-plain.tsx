import type * as React from 'react';
import { cx } from '@/lib/cx';
import type { ClassJoiner } from './class-joiner';

/**
 * The Skeleton component, joining the caller's `className` to its own classes with
 * `join`: `cn` (tailwind-merge, caller utilities win) in skeleton.tsx, `cx` (no merge) below.
 */
export function createSkeletonComponents(join: ClassJoiner) {
  /** A pulsing placeholder block shown while content loads. */
  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
    return (
      <div
        data-slot="skeleton"
        className={join('animate-pulse rounded-md bg-primary/10 motion-reduce:animate-none', className)}
        {...props}
      />
    );
  }
  return { Skeleton };
}

/**
 * The skeleton primitive without tailwind-merge, for the visitor pages (/marketplace, /avatar/:id):
 * the caller's classes are appended as they are, so a caller must not pass a utility that conflicts
 * with the primitive's own (same CSS property); skeleton.tsx has the merging one.
 */
export const { Skeleton } = createSkeletonComponents(cx);
