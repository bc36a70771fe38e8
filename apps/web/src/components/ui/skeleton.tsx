import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A pulsing placeholder block shown while content loads. */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      className={cn('animate-pulse rounded-md bg-primary/10 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
