import { type ChatAction, type ChatImage, chatActionLabel } from '@app/domain/chat';
import { BotIcon, UserIcon, ZapIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';
import type { DashboardChatMessage } from './use-avatar-conversation';

/**
 * What clicking an action on a reply sends as a follow-up message. Actions that are task types
 * (mint_art_nft, deploy_website, farcaster_post, code_project) start that task instead (see
 * `ai-chat-tab.tsx`); their entries remain the fallback text.
 */
export const ACTION_FOLLOW_UPS: Record<ChatAction, string> = {
  generate_image: 'Generate another image',
  mint_art_nft: 'Mint this art as an NFT',
  deploy_website: 'Deploy the website',
  farcaster_post: 'Post it on Farcaster',
  code_project: 'Start the code project',
  learn_skill: "Let's practise a skill",
  verify_task: 'Verify the task on the blockchain',
  view_marketplace: 'What is selling on the marketplace?',
  list_skill: 'List my best skill for sale',
};

/**
 * The dashboard conversation (SPEC §2/§3): user and ai messages, images of replies (url, prompt,
 * style, revisedPrompt) and actions as uppercase labels with underscores replaced by spaces;
 * `onAction` gets the action and the reply that offered it.
 * With `showHistory` false only the latest exchange (from the last user message) is shown.
 */
export function Conversation({
  messages,
  avatarName,
  showHistory,
  busy,
  onAction,
  older,
  onNewConversation,
}: {
  messages: DashboardChatMessage[];
  avatarName: string;
  showHistory: boolean;
  busy: boolean;
  onAction: (action: ChatAction, reply: DashboardChatMessage) => void;
  /** Older stored messages, shown with the history. */
  older?: { available: boolean; loading: boolean; load: () => void };
  /** Starts a new conversation (the stored one stays on the server, closed). */
  onNewConversation?: () => void;
}) {
  const lastUser = messages.findLastIndex((m) => m.type === 'user');
  const shown = showHistory || lastUser < 0 ? messages : messages.slice(lastUser);
  const scroller = useRef<HTMLDivElement>(null);
  const last = shown.at(-1);

  // Keep the newest text in view as messages and streamed tokens arrive (DOM sync only).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run whenever the log grows.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length, last?.text, last?.images.length]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={`Conversation with ${avatarName}`}
      aria-live="polite"
      aria-relevant="additions"
      className="flex h-[26rem] min-w-0 flex-col gap-4 overflow-y-auto rounded-md border border-border bg-background/60 p-3 sm:h-[30rem] sm:p-4"
    >
      {showHistory && (older?.available || (onNewConversation && messages.length > 0)) && (
        <div className="flex flex-wrap items-center justify-center gap-2">
          {older?.available && (
            <Button type="button" variant="ghost" size="sm" onClick={older.load} disabled={older.loading}>
              {older.loading ? 'LOADING...' : 'LOAD_OLDER_MESSAGES'}
            </Button>
          )}
          {onNewConversation && messages.length > 0 && (
            <Button type="button" variant="ghost" size="sm" onClick={onNewConversation} disabled={busy}>
              NEW_CONVERSATION
            </Button>
          )}
        </div>
      )}
      {shown.length === 0 ? (
        <div className="m-auto max-w-sm text-center">
          <BotIcon className="mx-auto size-8 text-primary/70" aria-hidden="true" />
          <p className="label-mono mt-3 text-primary">NEURAL_LINK_OPEN</p>
          <p className="mt-2 text-sm text-muted-foreground">
            Say hello to {avatarName}, ask what it can do, or ask it to make some art.
          </p>
        </div>
      ) : (
        shown.map((m) => <MessageView key={m.id} message={m} avatarName={avatarName} busy={busy} onAction={onAction} />)
      )}
    </div>
  );
}

function MessageView({
  message,
  avatarName,
  busy,
  onAction,
}: {
  message: DashboardChatMessage;
  avatarName: string;
  busy: boolean;
  onAction: (action: ChatAction, reply: DashboardChatMessage) => void;
}) {
  const isUser = message.type === 'user';
  return (
    <article
      aria-label={isUser ? 'You said' : `${avatarName} replied`}
      aria-busy={Boolean(message.streaming)}
      className={cn('flex min-w-0 gap-2.5', isUser ? 'flex-row-reverse' : 'flex-row')}
    >
      <span
        aria-hidden="true"
        className={cn(
          'mt-1 grid size-7 shrink-0 place-items-center rounded border',
          isUser ? 'border-neon-magenta/50 text-neon-magenta' : 'border-primary/50 text-primary',
        )}
      >
        {isUser ? <UserIcon className="size-4" /> : <BotIcon className="size-4" />}
      </span>
      <div className={cn('flex min-w-0 max-w-[85%] flex-col gap-2', isUser ? 'items-end' : 'items-start')}>
        <div
          className={cn(
            'min-w-0 rounded-lg border px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap',
            isUser
              ? 'border-neon-magenta/40 bg-neon-magenta/10 text-foreground'
              : 'border-primary/30 bg-primary/5 text-foreground',
          )}
        >
          {message.text}
          {message.streaming ? (
            <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-2 translate-y-0.5 animate-caret bg-primary" />
          ) : null}
          {message.streaming && !message.text ? <span className="sr-only">{avatarName} is replying</span> : null}
        </div>
        {message.images.map((image) => (
          <ReplyImage key={image.url} image={image} />
        ))}
        {message.actions.length > 0 ? (
          <ul aria-label="Suggested actions" className="flex flex-wrap gap-2">
            {message.actions.map((action) => (
              <li key={action}>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => onAction(action, message)}
                >
                  <ZapIcon aria-hidden="true" />
                  {chatActionLabel(action)}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <time
          dateTime={message.timestamp.toISOString()}
          className="font-mono text-[0.65rem] tracking-wider text-muted-foreground/80"
        >
          {isUser ? 'YOU' : avatarName.toUpperCase()} ·{' '}
          {message.timestamp.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
        </time>
      </div>
    </article>
  );
}

/** An image attached to a reply (SPEC §3 Image: url, prompt, style, revisedPrompt). */
function ReplyImage({ image }: { image: ChatImage }) {
  return (
    <figure className="w-full max-w-xs overflow-hidden rounded-lg border border-neon-magenta/40 bg-card shadow-[0_0_24px_-10px_var(--neon-magenta)]">
      <img
        src={image.url}
        alt={`Generated artwork: ${image.prompt}`}
        className="aspect-square w-full bg-background object-cover"
        loading="lazy"
        onError={() =>
          // SPEC §8: 'Image Loading Error': 'Failed to load generated artwork'.
          toast({
            title: 'Image Loading Error',
            description: 'Failed to load generated artwork',
            variant: 'destructive',
          })
        }
      />
      <figcaption className="flex flex-col gap-1.5 p-3 text-xs">
        <span className="flex items-center gap-2">
          <Badge variant="magenta">{image.style.replaceAll('_', ' ')}</Badge>
          <span className="truncate text-foreground" title={image.prompt}>
            {image.prompt}
          </span>
        </span>
        <span className="text-muted-foreground">{image.revisedPrompt}</span>
      </figcaption>
    </figure>
  );
}
