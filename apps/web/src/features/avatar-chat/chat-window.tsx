/**
 * The avatar chat page's chat window (SPEC §2: 600px): the conversation with older pages on demand,
 * a new conversation, the message form and hold-to-record.
 */
import type { Avatar } from '@app/domain/avatar';
import type { TaskSuggestion } from '@app/domain/chat';
import { BotIcon, MicIcon, SendIcon, UserIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { TaskSuggestionCard } from './task-suggestion-card';
import type { AvatarChat, PageChatMessage } from './use-avatar-chat';

/** The chat window: the conversation log and the message form. */
export function ChatWindow({ avatar, chat }: { avatar: Avatar; chat: AvatarChat }) {
  const {
    draft,
    setDraft,
    history,
    newConversation,
    startNewConversation,
    shown,
    processing,
    hold,
    inputMode,
    scroller,
    submit,
    execute,
  } = chat;
  const inputId = useId();
  return (
    <section
      aria-label={`Chat with ${avatar.name}`}
      className="flex h-[600px] min-w-0 flex-col overflow-hidden rounded-lg border border-border bg-card/85"
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 className="label-mono min-w-0 truncate text-primary">
          NEURAL_CHANNEL {'//'} {avatar.name}
        </h2>
        <span className="label-mono flex shrink-0 items-center gap-1.5 whitespace-nowrap text-neon-lime">
          <span className="size-1.5 rounded-full bg-neon-lime shadow-[0_0_6px_var(--neon-lime)]" aria-hidden="true" />
          ONLINE
        </span>
      </div>
      <div
        ref={scroller}
        role="log"
        aria-label={`Conversation with ${avatar.name}`}
        aria-live="polite"
        className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          {history.hasNextPage ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="label-mono"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? 'LOADING...' : 'LOAD OLDER MESSAGES'}
            </Button>
          ) : (
            <span className="label-mono text-xs text-muted-foreground">
              {history.isLoading ? 'LOADING HISTORY...' : history.isError ? 'HISTORY UNAVAILABLE' : ''}
            </span>
          )}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="label-mono"
            disabled={newConversation.isPending}
            onClick={startNewConversation}
          >
            NEW CONVERSATION
          </Button>
        </div>
        {shown.map((m) => (
          <PageMessage key={m.id} message={m} avatar={avatar} onExecute={(s) => execute(m.id, s)} />
        ))}
        {hold.recording ? (
          <p role="status" className="label-mono flex items-center gap-2 text-neon-magenta">
            <span className="size-2 animate-pulse rounded-full bg-neon-magenta" aria-hidden="true" />
            RECORDING...
          </p>
        ) : null}
        {processing ? (
          <p role="status" className="label-mono flex items-center gap-2 text-neon-yellow">
            <span className="flex gap-1" aria-hidden="true">
              <span className="size-1.5 animate-pulse rounded-full bg-neon-yellow" />
              <span className="size-1.5 animate-pulse rounded-full bg-neon-yellow [animation-delay:150ms]" />
              <span className="size-1.5 animate-pulse rounded-full bg-neon-yellow [animation-delay:300ms]" />
            </span>
            PROCESSING...
          </p>
        ) : null}
      </div>
      <form onSubmit={submit} className="flex items-center gap-2 border-t border-border p-3">
        <label htmlFor={inputId} className="sr-only">
          Message {avatar.name}
        </label>
        <Input
          id={inputId}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={`Talk to ${avatar.name}...`}
          autoComplete="off"
          maxLength={4000}
          className="min-w-0 flex-1"
        />
        {/* SPEC §2/§4: records while held; release or leaving the button stops. */}
        <Button
          type="button"
          size="icon"
          variant={hold.recording ? 'magenta' : 'outline'}
          aria-label="Hold to record"
          aria-pressed={hold.recording}
          disabled={inputMode === 'none' || (processing && !hold.recording)}
          title={
            inputMode === 'none'
              ? 'Voice input needs a browser with speech recognition or a speech-to-text provider on the server.'
              : 'Hold to record'
          }
          className={cn('touch-none select-none', hold.recording && 'animate-pulse')}
          {...hold.buttonProps}
        >
          <MicIcon aria-hidden="true" />
        </Button>
        <Button type="submit" size="icon" aria-label="Send message" disabled={!draft.trim() || processing}>
          <SendIcon aria-hidden="true" />
        </Button>
      </form>
    </section>
  );
}

function PageMessage({
  message,
  avatar,
  onExecute,
}: {
  message: PageChatMessage;
  avatar: Avatar;
  onExecute: (suggestion: TaskSuggestion) => void;
}) {
  const isUser = message.type === 'user';
  return (
    <article
      aria-label={isUser ? 'You said' : `${avatar.name} said`}
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
        <p
          className={cn(
            'rounded-lg border px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap',
            isUser ? 'border-neon-magenta/40 bg-neon-magenta/10' : 'border-primary/30 bg-primary/5',
          )}
        >
          {message.content}
        </p>
        {message.taskSuggestion ? (
          <TaskSuggestionCard suggestion={message.taskSuggestion} onExecute={onExecute} />
        ) : null}
        <time
          dateTime={message.timestamp.toISOString()}
          className="font-mono text-[0.65rem] tracking-wider text-muted-foreground/80"
        >
          {message.timestamp.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
        </time>
      </div>
    </article>
  );
}
