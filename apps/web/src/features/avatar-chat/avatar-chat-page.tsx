import type { Avatar } from '@app/domain/avatar';
import type { TaskSuggestion } from '@app/domain/chat';
import { progressPercent, XP_PER_LEVEL, xpIntoLevel, xpToNextLevel } from '@app/domain/training';
import { speakableText, voiceIdForAgentType } from '@app/domain/voice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangleIcon,
  ArrowLeftIcon,
  BotIcon,
  MicIcon,
  SendIcon,
  UserIcon,
  Volume2Icon,
  VolumeXIcon,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { AgentTypeBadge } from '@/components/avatars/agent-type-badge';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import { RecentTasks } from '@/components/tasks/recent-tasks';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api';
import { isAgentTaskType } from '@/lib/tasks/get-avatar-tasks';
import { useStartAvatarTask } from '@/lib/tasks/start-avatar-task';
import { cn } from '@/lib/utils';
import { transcribeRecording, VoiceRequestError } from '@/lib/voice/send-voice-recording';
import { avatarSpeech } from '@/lib/voice/synthesize-speech';
import { useAudioPlayer } from '@/lib/voice/use-audio-player';
import { useHoldToSpeak, voiceInputMode } from '@/lib/voice/use-hold-to-speak';
import { useObjectUrls } from '@/lib/voice/use-object-urls';
import { useVoiceReplies } from '@/lib/voice/use-voice-replies';
import { PAGE_VOICE_PROCESSING_ERROR } from '@/lib/voice/voice-messages';
import { toastVoiceInputError } from '@/lib/voice/voice-toasts';
import {
  memoryKey,
  memoryLines,
  useAvatarMemory,
  useChatHistory,
  useNewConversation,
} from '../avatars/api/chat-history';
import { useAvatar } from './api/get-avatar';
import { useSendAvatarChat } from './api/send-avatar-chat';
import { MISSING_REPLY_TEXT, openingGreeting } from './greeting';
import { TaskSuggestionCard } from './task-suggestion-card';

/** SPEC §3 "Chat message, avatar chat page". */
interface PageChatMessage {
  id: string;
  type: 'user' | 'avatar';
  content: string;
  timestamp: Date;
  audioUrl?: string;
  taskSuggestion?: TaskSuggestion | null;
}

/**
 * The avatar chat page `/avatar-chat/{id}` (SPEC §2, §4, §5, §8), showing the real avatar (issue 3
 * item 5): its level, XP toward the next level and skills; a voice toggle (inert until the voice
 * feature); a 600px chat window opening with a greeting and a task suggestion, whose EXECUTE starts
 * the task (issue #7); below, the avatar's Recent Tasks.
 */
export default function AvatarChatPage({ params }: { params: { id: string } }) {
  const avatar = useAvatar(params.id);

  if (avatar.isPending) {
    return (
      <PageFrame>
        <div className="grid gap-6 lg:grid-cols-[20rem_1fr]" role="status" aria-label="Loading avatar">
          <Skeleton className="h-96" />
          <Skeleton className="h-[600px]" />
        </div>
      </PageFrame>
    );
  }
  if (avatar.isError) return <AvatarUnavailable error={avatar.error} />;
  return (
    <PageFrame>
      {/* Keyed by id: another avatar starts a new conversation. */}
      <AvatarChatView key={avatar.data.id} avatar={avatar.data} />
    </PageFrame>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <Button asChild variant="ghost" size="sm" className="mb-4">
        <Link href={paths.home.getHref()}>
          <ArrowLeftIcon aria-hidden="true" />
          BACK_TO_DASHBOARD
        </Link>
      </Button>
      {children}
    </div>
  );
}

function AvatarChatView({ avatar }: { avatar: Avatar }) {
  // Issue 6: voice on/off (forced off when the server cannot speak), spoken replies, hold-to-record.
  const voice = useVoiceReplies();
  const voiceOn = voice.enabled;
  const player = useAudioPlayer();
  const toUrl = useObjectUrls();
  const [messages, setMessages] = useState<PageChatMessage[]>(() => {
    const greeting = openingGreeting(avatar);
    return [{ id: 'greeting', type: 'avatar', timestamp: new Date(), ...greeting }];
  });
  const [draft, setDraft] = useState('');
  // Issue 17: the stored conversation (newest page on open, older pages on demand) and memory.
  const history = useChatHistory(avatar.id);
  const newConversation = useNewConversation(avatar.id);
  const memory = useAvatarMemory(avatar.id);
  const qc = useQueryClient();
  const stored: PageChatMessage[] = history.exchanges.flatMap((x) => [
    { id: `h${x.id}u`, type: 'user' as const, content: x.userText, timestamp: new Date(x.createdAt) },
    ...(x.avatarText
      ? [{ id: `h${x.id}a`, type: 'avatar' as const, content: x.avatarText, timestamp: new Date(x.createdAt) }]
      : []),
  ]);
  // The stored conversation, then this visit's opening greeting with its task suggestion (SPEC §2:
  // the chat window opens with a greeting that includes a task suggestion), then this visit's messages.
  const shown = [...stored, ...messages];
  const send = useSendAvatarChat();
  const startTask = useStartAvatarTask();
  const scroller = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const voiceId = useId();

  /**
   * SPEC §4: while voice is on, a reply is spoken (POST /api/avatar/speech, the avatar's voice id)
   * and played; the portrait pulses meanwhile. SPEC §8: failure is only logged.
   */
  const speakReply = async (messageId: string, text: string) => {
    try {
      const audio = await avatarSpeech({
        text: speakableText(text),
        avatarId: avatar.id,
        voice: voiceIdForAgentType(avatar.agentType),
      });
      const url = toUrl(audio);
      setMessages((list) => list.map((m) => (m.id === messageId ? { ...m, audioUrl: url } : m)));
      await player.play(url);
    } catch (err) {
      console.error('Avatar speech failed', err);
    }
  };

  /** Sends a chat message; blank text is ignored and nothing is sent while processing (SPEC §5). */
  const sendMessage = (raw: string) => {
    const text = raw.trim();
    if (!text || send.isPending) return false;
    setMessages((list) => [...list, { id: `u${list.length}`, type: 'user', content: text, timestamp: new Date() }]);
    send.mutate(
      {
        avatarId: avatar.id,
        message: text,
        context: { currentLevel: avatar.level ?? 1, skills: avatar.skills.map((s) => s.name) },
      },
      {
        onSuccess: (reply) => {
          const id = `a${Date.now().toString(36)}`;
          setMessages((list) => [
            ...list,
            {
              id,
              type: 'avatar',
              content: reply.response?.trim() ? reply.response : MISSING_REPLY_TEXT,
              timestamp: new Date(),
              taskSuggestion: reply.taskSuggestion,
            },
          ]);
          if (voiceOn && reply.response?.trim()) void speakReply(id, reply.response);
          void qc.invalidateQueries({ queryKey: memoryKey(avatar.id) });
        },
      },
    );
    return true;
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (sendMessage(draft)) setDraft('');
  };

  /**
   * SPEC §7 POST /api/avatar/speech-to-text: a recording's text is sent as a chat message. Failure:
   * 'Voice Processing Error' with the server's reason when it gives one (e.g. no speech-to-text
   * provider: say what voice input needs), else 'Failed to process voice input. Please try again.'
   */
  const transcribe = useMutation({
    mutationFn: transcribeRecording,
    onSuccess: (text) => {
      if (!text.trim()) {
        toast({ ...PAGE_VOICE_PROCESSING_ERROR, variant: 'destructive' });
        return;
      }
      sendMessage(text);
    },
    onError: (err) => {
      const reason = err instanceof VoiceRequestError && err.status < 500 ? err.message : null;
      const notConfigured = err instanceof VoiceRequestError && err.status === 503 ? err.message : null;
      toast({
        title: PAGE_VOICE_PROCESSING_ERROR.title,
        description: notConfigured ?? reason ?? PAGE_VOICE_PROCESSING_ERROR.description,
        variant: 'destructive',
      });
    },
  });
  const processing = send.isPending || transcribe.isPending;

  const hold = useHoldToSpeak({
    serverStt: voice.serverStt,
    disabled: processing,
    onTranscript: (text) => sendMessage(text),
    onRecording: (recording) => transcribe.mutate(recording),
    onError: (error) => toastVoiceInputError(error, 'avatar-chat'),
  });
  const inputMode = voiceInputMode(voice.serverStt);

  // Keep the newest message in view (DOM sync only).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run whenever the log grows.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length, processing, hold.recording]);

  // Issue #7: EXECUTE on a suggestion whose action is a task type starts it, with the user's message
  // that led to the suggestion as the prompt (none for the greeting: the server's default).
  const execute = (messageId: string, suggestion: TaskSuggestion) => {
    if (!isAgentTaskType(suggestion.action)) return;
    const before = shown.slice(
      0,
      shown.findIndex((m) => m.id === messageId),
    );
    // The server resolves what the task is about ("mint that one" → the piece discussed).
    const prompt = suggestion.prompt ?? before.findLast((m) => m.type === 'user')?.content ?? '';
    startTask.mutate({ avatarId: avatar.id, taskType: suggestion.action, prompt });
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[20rem_1fr]">
      <AvatarPanel avatar={avatar} speaking={player.speaking}>
        <div className="flex items-center justify-between gap-3 rounded-md border border-border bg-background/60 px-3 py-2.5">
          <label htmlFor={voiceId} className="label-mono flex items-center gap-2 text-muted-foreground">
            {voiceOn ? (
              <Volume2Icon className="size-4 text-primary" aria-hidden="true" />
            ) : (
              <VolumeXIcon className="size-4" aria-hidden="true" />
            )}
            VOICE {voiceOn ? 'ON' : 'OFF'}
          </label>
          <Switch
            id={voiceId}
            checked={voiceOn}
            disabled={!voice.available}
            onCheckedChange={(on) => {
              voice.setEnabled(on);
              if (!on) player.stop();
            }}
          />
        </div>
        {player.speaking ? (
          <p role="status" className="label-mono flex items-center gap-2 text-primary">
            <Volume2Icon className="size-4 animate-pulse" aria-hidden="true" />
            SPEAKING...
          </p>
        ) : null}
        <audio {...player.audioProps} data-testid="voice-reply-player" className="hidden" />
        <section
          aria-label="What the avatar remembers"
          className="space-y-2 rounded-md border border-border bg-background/60 p-3"
        >
          <h3 className="label-mono text-xs text-muted-foreground">MEMORY</h3>
          {memory.isLoading ? (
            <Skeleton className="h-4 w-3/4" />
          ) : memory.isError ? (
            <p className="text-xs text-destructive">Memory unavailable.</p>
          ) : memoryLines(memory.data?.memory).length ? (
            <ul className="space-y-1 text-xs break-words text-foreground">
              {memoryLines(memory.data?.memory).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p className="text-xs text-muted-foreground">Nothing remembered yet. Tell {avatar.name} about yourself.</p>
          )}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="label-mono w-full"
            disabled={memory.clear.isPending || !memoryLines(memory.data?.memory).length}
            onClick={() => memory.clear.mutate()}
          >
            CLEAR MEMORY
          </Button>
        </section>
      </AvatarPanel>

      <section
        aria-label={`Chat with ${avatar.name}`}
        className="flex h-[600px] min-w-0 flex-col overflow-hidden rounded-lg border border-border bg-card/85"
      >
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 className="label-mono truncate text-primary">
            NEURAL_CHANNEL {'//'} {avatar.name}
          </h2>
          <span className="label-mono flex items-center gap-1.5 text-neon-lime">
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
              onClick={() =>
                newConversation.mutate(undefined, {
                  onSuccess: () =>
                    setMessages([
                      { id: 'greeting', type: 'avatar', timestamp: new Date(), ...openingGreeting(avatar) },
                    ]),
                })
              }
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
      <RecentTasks avatarId={avatar.id} avatarName={avatar.name} compact className="lg:col-span-2" />
    </div>
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

/** The avatar's card: portrait, name, type, level, XP toward the next level, skills. */
function AvatarPanel({ avatar, speaking, children }: { avatar: Avatar; speaking: boolean; children: ReactNode }) {
  const level = avatar.level ?? 1;
  const xp = avatar.experiencePoints ?? 0;
  return (
    <aside
      aria-labelledby="avatar-panel-name"
      className="flex min-w-0 flex-col gap-5 rounded-lg border border-border bg-card/85 p-5"
    >
      <div className="flex items-center gap-4 lg:flex-col lg:items-start">
        <AvatarThumbnail
          src={avatar.thumbnailUrl ?? avatar.imageUrl}
          name={avatar.name}
          agentType={avatar.agentType}
          alt={`${avatar.name} portrait`}
          className={cn('size-20 lg:size-32', speaking && 'animate-pulse')}
        />
        <div className="flex min-w-0 flex-col gap-2">
          <h1
            id="avatar-panel-name"
            title={avatar.name}
            className="truncate font-display text-xl font-black tracking-wide text-primary glow-text"
          >
            {avatar.name}
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            <AgentTypeBadge agentType={avatar.agentType} />
            <span className="font-mono text-sm font-bold text-neon-lime">LEVEL {level}</span>
          </div>
        </div>
      </div>
      {avatar.description ? <p className="text-sm text-muted-foreground">{avatar.description}</p> : null}
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <span className="label-mono text-muted-foreground">XP</span>
          <span className="font-mono text-sm">
            <span className="font-bold text-primary">{xpIntoLevel(xp)}</span>
            <span className="text-muted-foreground"> / {XP_PER_LEVEL} XP</span>
          </span>
        </div>
        <Progress value={progressPercent(xp)} aria-label={`Progress to level ${level + 1}`} />
        <p className="text-xs text-muted-foreground">
          {xpToNextLevel(xp)} XP to level {level + 1} · {xp} XP total · {avatar.totalInteractions ?? 0} interactions
        </p>
      </div>
      <div>
        <h2 className="label-mono text-muted-foreground">SKILLS</h2>
        {avatar.skills.length ? (
          <ul className="mt-3 flex flex-col gap-3">
            {avatar.skills.map((s) => (
              <li key={s.id} className="flex flex-col gap-1">
                <span className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="truncate">{s.name}</span>
                  <span className="font-mono text-xs text-primary">{s.proficiency}%</span>
                </span>
                <Progress
                  value={s.proficiency}
                  aria-label={`${s.name} proficiency ${s.proficiency}%`}
                  className="h-1.5"
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">
            No skills trained yet. Ask {avatar.name} to practise one.
          </p>
        )}
      </div>
      {children}
    </aside>
  );
}

/** Not found (404) or someone else's avatar (403): a clear message and a way back. */
function AvatarUnavailable({ error }: { error: Error }) {
  const status = error instanceof ApiError ? error.status : 0;
  const title =
    status === 403 ? 'ACCESS_DENIED' : status === 404 || status === 400 ? 'AVATAR_NOT_FOUND' : 'NEURAL_LINK_FAILED';
  const text =
    status === 403
      ? 'This avatar belongs to someone else. You can only chat with avatars you own.'
      : status === 404 || status === 400
        ? 'No avatar with this id exists.'
        : 'The avatar could not be loaded. Please try again.';
  return (
    <div className="grid flex-1 place-items-center px-4 py-16">
      <div role="alert" className="w-full max-w-md rounded-lg border border-destructive/50 bg-card/85 p-8 text-center">
        <AlertTriangleIcon className="mx-auto size-10 text-destructive" aria-hidden="true" />
        <h1 className="mt-4 font-display text-xl font-bold tracking-widest">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">{text}</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href={paths.home.getHref()}>BACK_TO_DASHBOARD</Link>
        </Button>
      </div>
    </div>
  );
}
