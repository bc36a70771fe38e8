import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** TEMPORARY placeholder for AVATAR_STUDIO (SPEC §2 Avatar creation); replaced by the studio feature. */
export default function StudioPage() {
  return <PagePlaceholder title="AVATAR_STUDIO" />;
}
