import type * as React from 'react';
import { cx } from '@/lib/cx';
import type { ClassJoiner } from './class-joiner';
import { INPUT_CLASSES } from './variants';

/**
 * The Input component, joining the caller's `className` to its own classes with
 * `join`: `cn` (tailwind-merge, caller utilities win) in input.tsx, `cx` (no merge) below.
 */
export function createInputComponents(join: ClassJoiner) {
  /** A text input with the neon focus ring. */
  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function Input({ className, type, ...props }: React.ComponentProps<'input'>) {
    return <input type={type} data-slot="input" className={join('h-10', INPUT_CLASSES, className)} {...props} />;
  }
  return { Input };
}

/**
 * The input primitive without tailwind-merge, for the visitor pages (/marketplace, /avatar/:id):
 * the caller's classes are appended as they are, so a caller must not pass a utility that conflicts
 * with the primitive's own (same CSS property); input.tsx has the merging one.
 */
export const { Input } = createInputComponents(cx);
