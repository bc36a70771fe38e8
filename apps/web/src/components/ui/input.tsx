import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A text input with the neon focus ring. */
export function Input({ className, type, ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-background/70 px-3 py-2 font-mono text-base text-foreground shadow-inner transition-[border-color,box-shadow] outline-none placeholder:text-muted-foreground/80 selection:bg-primary selection:text-primary-foreground md:text-sm',
        'file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        'focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/30',
        className,
      )}
      {...props}
    />
  );
}
