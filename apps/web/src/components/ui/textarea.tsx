import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A multi-line text input matching {@link Input}. */
export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex field-sizing-content min-h-20 w-full rounded-md border border-input bg-background/70 px-3 py-2 font-mono text-base text-foreground shadow-inner transition-[border-color,box-shadow] outline-none placeholder:text-muted-foreground/80 md:text-sm',
        'focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
