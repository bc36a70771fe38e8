import { Label as LabelPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { LABEL_CLASSES } from './variants';

/** A form label in the theme's monospace uppercase style. */
export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root data-slot="label" className={cn(LABEL_CLASSES, className)} {...props} />;
}
