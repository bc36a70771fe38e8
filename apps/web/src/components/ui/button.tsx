import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md border font-mono text-sm font-bold uppercase tracking-wider transition-[color,background-color,border-color,box-shadow] outline-none cursor-pointer focus-visible:ring-[3px] focus-visible:ring-ring/70 focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-45 disabled:shadow-none disabled:saturate-[.35] aria-invalid:border-destructive [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default:
          'border-primary bg-primary text-primary-foreground shadow-[0_0_18px_-4px_var(--neon-cyan)] hover:bg-primary/85 hover:shadow-[0_0_26px_-2px_var(--neon-cyan)]',
        magenta:
          'border-neon-magenta bg-neon-magenta text-[#1a0316] shadow-[0_0_18px_-4px_var(--neon-magenta)] hover:bg-neon-magenta/85 hover:shadow-[0_0_26px_-2px_var(--neon-magenta)]',
        lime: 'border-neon-lime bg-neon-lime text-[#0d1a00] shadow-[0_0_18px_-4px_var(--neon-lime)] hover:bg-neon-lime/85 hover:shadow-[0_0_26px_-2px_var(--neon-lime)]',
        outline:
          'border-primary/60 bg-background/40 text-primary hover:border-primary hover:bg-primary/10 hover:shadow-[0_0_18px_-6px_var(--neon-cyan)]',
        secondary: 'border-border bg-secondary text-secondary-foreground hover:bg-secondary/70 hover:border-primary/40',
        ghost: 'border-transparent text-foreground hover:bg-accent hover:text-accent-foreground',
        destructive:
          'border-destructive bg-destructive/15 text-destructive hover:bg-destructive hover:text-destructive-foreground focus-visible:ring-destructive/60',
        link: 'border-transparent text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 gap-1.5 px-3 text-xs',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/** shadcn/ui button. `asChild` renders the child element (e.g. a link) with button styles. */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
