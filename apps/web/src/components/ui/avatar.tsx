import { cn } from '@/lib/utils';
import { createAvatarComponents } from './avatar-plain';

/** The avatar primitives with `cn`: a caller's conflicting utilities replace the primitive's own. */
export const { Avatar, AvatarImage, AvatarFallback } = createAvatarComponents(cn);
