import type * as React from 'react';
import { cn } from '@/lib/utils';
import { INPUT_CLASSES } from './variants';

/** A text input with the neon focus ring. */
export function Input({ className, type, ...props }: React.ComponentProps<'input'>) {
  return <input type={type} data-slot="input" className={cn('h-10', INPUT_CLASSES, className)} {...props} />;
}
