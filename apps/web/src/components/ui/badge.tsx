import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden whitespace-nowrap rounded border px-2 py-0.5 font-mono text-[0.7rem] font-bold uppercase tracking-wider [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-primary/50 bg-primary/10 text-primary',
        magenta: 'border-neon-magenta/50 bg-neon-magenta/10 text-neon-magenta',
        lime: 'border-neon-lime/50 bg-neon-lime/10 text-neon-lime',
        yellow: 'border-neon-yellow/50 bg-neon-yellow/10 text-neon-yellow',
        secondary: 'border-border bg-secondary text-secondary-foreground',
        destructive: 'border-destructive/60 bg-destructive/10 text-destructive',
        outline: 'border-border text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** A small status label. */
export function Badge({
  className,
  variant,
  asChild = false,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'span';
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
