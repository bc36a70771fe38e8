import { Progress as ProgressPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cx } from '@/lib/cx';
import type { ClassJoiner } from './class-joiner';

/**
 * The Progress component, joining the caller's `className` to its own classes with
 * `join`: `cn` (tailwind-merge, caller utilities win) in progress.tsx, `cx` (no merge) below.
 */
export function createProgressComponents(join: ClassJoiner) {
  /** A horizontal progress bar, `value` from 0 to 100. */
  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function Progress({
    className,
    indicatorClassName,
    value,
    ...props
  }: React.ComponentProps<typeof ProgressPrimitive.Root> & { indicatorClassName?: string }) {
    return (
      <ProgressPrimitive.Root
        data-slot="progress"
        value={value}
        className={join('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
        {...props}
      >
        <ProgressPrimitive.Indicator
          data-slot="progress-indicator"
          className={join(
            'h-full w-full flex-1 bg-primary shadow-[0_0_10px_var(--neon-cyan)] transition-transform',
            indicatorClassName,
          )}
          style={{ transform: `translateX(-${100 - (value ?? 0)}%)` }}
        />
      </ProgressPrimitive.Root>
    );
  }
  return { Progress };
}

/**
 * The progress primitive without tailwind-merge, for the visitor pages (/marketplace, /avatar/:id):
 * the caller's classes are appended as they are, so a caller must not pass a utility that conflicts
 * with the primitive's own (same CSS property); progress.tsx has the merging one.
 */
export const { Progress } = createProgressComponents(cx);
