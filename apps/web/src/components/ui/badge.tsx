import { cn } from '@/lib/utils';
import { createBadgeComponents } from './badge-plain';

export { badgeVariants } from './variants';

/** The badge primitive with `cn`: a caller's conflicting utilities replace the primitive's own. */
export const { Badge } = createBadgeComponents(cn);
