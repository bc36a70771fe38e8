import { cn } from '@/lib/utils';
import { createInputComponents } from './input-plain';

/** The input primitive with `cn`: a caller's conflicting utilities replace the primitive's own. */
export const { Input } = createInputComponents(cn);
