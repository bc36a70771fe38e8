import { cn } from '@/lib/utils';
import { createSkeletonComponents } from './skeleton-plain';

/** The skeleton primitive with `cn`: a caller's conflicting utilities replace the primitive's own. */
export const { Skeleton } = createSkeletonComponents(cn);
