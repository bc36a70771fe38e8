import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** TEMPORARY placeholder for the avatar chat page (SPEC §2 Avatar chat page). */
export default function AvatarChatPage({ params }: { params: { id: string } }) {
  return (
    <PagePlaceholder title="AVATAR_CHAT">
      <p className="mt-2 label-mono text-neon-lime">AVATAR_ID: {params.id}</p>
    </PagePlaceholder>
  );
}
