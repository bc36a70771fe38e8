import { Tabs as TabsPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cx } from '@/lib/cx';
import type { ClassJoiner } from './class-joiner';

/**
 * The Tabs, TabsList, TabsTrigger, TabsContent components, joining the caller's `className` to their own classes with
 * `join`: `cn` (tailwind-merge, caller utilities win) in tabs.tsx, `cx` (no merge) below.
 */
export function createTabsComponents(join: ClassJoiner) {
  /** Tabs with roving focus (arrow keys move between triggers). */
  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
    return <TabsPrimitive.Root data-slot="tabs" className={join('flex flex-col gap-4', className)} {...props} />;
  }

  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
    return (
      <TabsPrimitive.List
        data-slot="tabs-list"
        className={join(
          'inline-flex w-full items-center gap-1 rounded-lg border border-border bg-card/80 p-1 text-muted-foreground',
          className,
        )}
        {...props}
      />
    );
  }

  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
    return (
      <TabsPrimitive.Trigger
        data-slot="tabs-trigger"
        className={join(
          'inline-flex h-9 flex-1 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md border border-transparent px-3 font-mono text-xs font-bold uppercase tracking-widest transition-[color,background-color,box-shadow] outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/70 disabled:pointer-events-none disabled:opacity-50 sm:text-sm',
          'data-[state=active]:border-primary/60 data-[state=active]:bg-primary/15 data-[state=active]:text-primary data-[state=active]:shadow-[0_0_16px_-6px_var(--neon-cyan)]',
          '[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*="size-"])]:size-4',
          className,
        )}
        {...props}
      />
    );
  }

  // biome-ignore lint/correctness/noComponentHookFactories: made once per joiner at module level (below and in the merging module)
  function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
    return (
      <TabsPrimitive.Content
        data-slot="tabs-content"
        className={join(
          'flex-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 rounded-lg',
          className,
        )}
        {...props}
      />
    );
  }
  return { Tabs, TabsList, TabsTrigger, TabsContent };
}

/**
 * The tabs primitives without tailwind-merge, for the visitor pages (/marketplace, /avatar/:id):
 * the caller's classes are appended as they are, so a caller must not pass a utility that conflicts
 * with the primitive's own (same CSS property); tabs.tsx has the merging ones.
 */
export const { Tabs, TabsList, TabsTrigger, TabsContent } = createTabsComponents(cx);
