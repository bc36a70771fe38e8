import { cn } from '@/lib/utils';
import { createProgressComponents } from './progress-plain';

/** The progress primitive with `cn`: a caller's conflicting utilities replace the primitive's own. */
export const { Progress } = createProgressComponents(cn);
