import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** TEMPORARY placeholder for the avatar detail page (SPEC §2 Avatar detail). */
export default function AvatarDetailPage({ params }: { params: { id: string } }) {
  return (
    <PagePlaceholder title="AVATAR_DETAIL">
      <p className="mt-2 label-mono text-neon-lime">AVATAR_ID: {params.id}</p>
    </PagePlaceholder>
  );
}
