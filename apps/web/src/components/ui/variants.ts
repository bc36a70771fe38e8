/**
 * Class recipes of the UI primitives (button, badge, input, label), kept apart from the components
 * so that markup can use them without tailwind-merge: the landing page renders plain elements with
 * these classes and its initial JavaScript stays under 100 KB gzip. The components
 * (button.tsx, badge.tsx, input.tsx, label.tsx) merge caller overrides over them with `cn`.
 */
import { cva } from 'class-variance-authority';

/** The button's variants and sizes (shadcn/ui button, cyberpunk theme). */
export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-md border font-mono font-bold uppercase tracking-wider transition-[color,background-color,border-color,box-shadow] outline-none cursor-pointer focus-visible:ring-[3px] focus-visible:ring-ring/70 focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-45 disabled:shadow-none disabled:saturate-[.35] aria-invalid:border-destructive [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
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
        // Gap and text size live in the sizes, not the base: the classes never conflict, so markup
        // without tailwind-merge (the landing page) renders exactly what `Button` renders.
        default: 'h-10 gap-2 px-4 py-2 text-sm',
        sm: 'h-8 gap-1.5 px-3 text-xs',
        lg: 'h-12 gap-2 px-6 text-base',
        icon: 'size-10 gap-2 text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/** The badge's colour variants. */
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

/**
 * The input's classes except its height (`h-10` in {@link Input}), for markup that renders a plain
 * `<input>` without tailwind-merge (the landing page, see `cx` in lib/utils).
 */
export const INPUT_CLASSES = [
  'flex w-full min-w-0 rounded-md border border-input bg-background/70 px-3 py-2 font-mono text-base text-foreground shadow-inner transition-[border-color,box-shadow] outline-none placeholder:text-muted-foreground/80 selection:bg-primary selection:text-primary-foreground md:text-sm',
  'file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
  'focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/40',
  'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/30',
].join(' ');

/** The label's classes, for markup that renders a plain `<label>` without tailwind-merge (the landing page). */
export const LABEL_CLASSES =
  'flex select-none items-center gap-2 font-mono text-xs font-bold uppercase tracking-widest text-primary/90 peer-disabled:cursor-not-allowed peer-disabled:opacity-50';

/** The select trigger's classes (select.tsx), for the trigger select-lazy.tsx renders before Radix Select has loaded. */
export const SELECT_TRIGGER_CLASSES =
  'flex h-10 w-full min-w-0 cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-background/70 px-3 py-2 font-mono text-sm whitespace-nowrap text-foreground outline-none transition-[border-color,box-shadow] focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground *:data-[slot=select-value]:min-w-0 *:data-[slot=select-value]:truncate [&_svg]:pointer-events-none [&_svg]:shrink-0';
