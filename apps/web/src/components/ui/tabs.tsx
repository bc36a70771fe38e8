import { cn } from '@/lib/utils';
import { createTabsComponents } from './tabs-plain';

/** The tabs primitives with `cn`: a caller's conflicting utilities replace the primitive's own. */
export const { Tabs, TabsList, TabsTrigger, TabsContent } = createTabsComponents(cn);
