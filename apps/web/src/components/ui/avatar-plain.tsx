import { Avatar as AvatarPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cx } from '@/lib/cx';
import type { ClassJoiner } from './class-joiner';

/**
 * The Avatar, AvatarImage, AvatarFallback components, joining the caller's `className` to their own classes with
 * `join`: `cn` (tailwind-merge, caller utilities win) in avatar.tsx, `cx` (no merge) below.
 */
export function createAvatarComponents(join: ClassJoiner) {
  /** A round picture with a fallback (initials) while it loads or when it is missing. */
  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function Avatar({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Root>) {
    return (
      <AvatarPrimitive.Root
        data-slot="avatar"
        className={join(
          'relative flex size-9 shrink-0 overflow-hidden rounded-full border border-primary/60 shadow-[0_0_12px_-4px_var(--neon-cyan)]',
          className,
        )}
        {...props}
      />
    );
  }

  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function AvatarImage({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Image>) {
    return (
      <AvatarPrimitive.Image
        data-slot="avatar-image"
        className={join('aspect-square size-full object-cover', className)}
        {...props}
      />
    );
  }

  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function AvatarFallback({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Fallback>) {
    return (
      <AvatarPrimitive.Fallback
        data-slot="avatar-fallback"
        className={join(
          'flex size-full items-center justify-center rounded-full bg-gradient-to-br from-primary/25 to-neon-magenta/25 font-display text-sm font-bold text-primary',
          className,
        )}
        {...props}
      />
    );
  }
  return { Avatar, AvatarImage, AvatarFallback };
}

/**
 * The avatar primitives without tailwind-merge, for the visitor pages (/marketplace, /avatar/:id):
 * the caller's classes are appended as they are, so a caller must not pass a utility that conflicts
 * with the primitive's own (same CSS property); avatar.tsx has the merging ones.
 */
export const { Avatar, AvatarImage, AvatarFallback } = createAvatarComponents(cx);
