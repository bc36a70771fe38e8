import { cn } from '@/lib/utils';
import { createButtonComponents } from './button-plain';

export { buttonVariants } from './variants';

/** The button primitive with `cn`: a caller's conflicting utilities replace the primitive's own. */
export const { Button } = createButtonComponents(cn);
