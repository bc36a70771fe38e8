import { MessageSquareIcon } from 'lucide-react';

/** TEMPORARY content of the dashboard AI_CHAT tab until the avatar chat (SPEC §2 AI_CHAT tab) is built. */
export function AvatarChatPlaceholder() {
  return (
    <section
      aria-labelledby="ai-chat-title"
      className="rounded-lg border border-dashed border-primary/40 bg-card/60 p-8 text-center"
    >
      <MessageSquareIcon className="mx-auto size-8 text-primary" aria-hidden="true" />
      <h2 id="ai-chat-title" className="mt-4 font-display text-lg font-bold tracking-widest text-primary">
        AI_CHAT
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">Voice and text chat with your avatars is coming online soon.</p>
    </section>
  );
}
