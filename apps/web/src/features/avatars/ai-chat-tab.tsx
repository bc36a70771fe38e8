import type { Avatar } from '@app/domain/avatar';
import { type ChatAction, chatActionLabel } from '@app/domain/chat';
import { AlertTriangleIcon, BotIcon, StoreIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { RecentTasks } from '@/components/tasks/recent-tasks';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { useAvatars } from '@/lib/get-avatars';
import { isAgentTaskType } from '@/lib/tasks/get-avatar-tasks';
import { useStartAvatarTask } from '@/lib/tasks/start-avatar-task';
import { useAudioPlayer } from '@/lib/voice/use-audio-player';
import { AvatarChatHeader } from './avatar-chat-header';
import { AvatarSidebar } from './avatar-sidebar';
import { ChatPreview } from './chat-preview';
import { ACTION_FOLLOW_UPS, Conversation } from './conversation';
import { type DashboardChatMessage, useAvatarConversation } from './use-avatar-conversation';
import { VoicePanel } from './voice-panel';

/**
 * The dashboard AI_CHAT tab (SPEC §2): MY_AVATARS sidebar, the selected avatar's header, the
 * voice chat panel and Recent Tasks; NO_AVATARS_FOUND when the user has none; the chat preview when none is selected.
 * The first avatar is selected by default; selecting another clears the conversation.
 */
export function AiChatTab() {
  const avatars = useAvatars();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [collapsed, setCollapsed] = useState(false);

  if (avatars.isPending) {
    return (
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr]" role="status" aria-label="Loading avatars">
        <Skeleton className="h-64" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (avatars.isError) {
    return (
      <div role="alert" className="rounded-lg border border-destructive/50 bg-card/85 p-6 text-center">
        <AlertTriangleIcon className="mx-auto size-8 text-destructive" aria-hidden="true" />
        <p className="label-mono mt-3 text-destructive">NEURAL_LINK_FAILED</p>
        <p className="mt-2 text-sm text-muted-foreground">Your avatars could not be loaded.</p>
        <Button variant="outline" className="mt-4" onClick={() => avatars.refetch()}>
          RETRY
        </Button>
      </div>
    );
  }
  const list = avatars.data;
  if (list.length === 0) return <NoAvatars />;

  // Derived selection: the chosen avatar while it exists, else the first one (SPEC §2).
  const selected: Avatar | null = (chosenId === null ? list[0] : list.find((a) => a.id === chosenId)) ?? null;

  return (
    <div className="flex min-w-0 flex-col gap-4 lg:flex-row lg:items-start">
      <AvatarSidebar
        avatars={list}
        selectedId={selected?.id ?? null}
        onSelect={setChosenId}
        collapsed={collapsed}
        onToggleCollapsed={() => setCollapsed((c) => !c)}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        {selected ? <AvatarChat key={selected.id} avatar={selected} /> : <ChatPreview />}
      </div>
    </div>
  );
}

/** One avatar's header, voice panel and Recent Tasks; keyed by avatar so that switching clears the chat. */
function AvatarChat({ avatar }: { avatar: Avatar }) {
  const conversation = useAvatarConversation(avatar);
  const { messages, send, busy } = conversation;
  const player = useAudioPlayer(); // voice replies; the portrait pulses while it speaks
  const startTask = useStartAvatarTask();

  // An action that is a task type starts that task with the user's message that produced
  // the reply; other actions send their follow-up message.
  const onAction = (action: ChatAction, reply: DashboardChatMessage) => {
    if (!isAgentTaskType(action)) {
      send(ACTION_FOLLOW_UPS[action]);
      return;
    }
    const before = messages.slice(
      0,
      messages.findIndex((m) => m.id === reply.id),
    );
    const prompt = before.findLast((m) => m.type === 'user')?.text ?? '';
    startTask.mutate(
      { avatarId: avatar.id, taskType: action, prompt },
      {
        onSuccess: () =>
          toast({
            title: 'Task Initiated',
            description: `${chatActionLabel(action)} queued. Follow it in RECENT_TASKS.`,
          }),
      },
    );
  };

  return (
    <>
      <AvatarChatHeader avatar={avatar} speaking={player.speaking} />
      <VoicePanel
        avatar={avatar}
        conversation={conversation}
        player={player}
        renderTranscript={({ showHistory }) => (
          <Conversation
            messages={messages}
            avatarName={avatar.name}
            showHistory={showHistory}
            busy={busy}
            onAction={onAction}
            older={conversation.older}
            onNewConversation={conversation.startNew}
          />
        )}
      />
      <RecentTasks avatarId={avatar.id} avatarName={avatar.name} />
    </>
  );
}

/** SPEC §2: NO_AVATARS_FOUND with its text and VISIT_MARKETPLACE. */
function NoAvatars() {
  return (
    <section
      aria-labelledby="no-avatars-title"
      className="mx-auto flex max-w-xl flex-col items-center rounded-lg border border-dashed border-primary/40 bg-card/85 p-8 text-center"
    >
      <BotIcon className="size-10 text-primary" aria-hidden="true" />
      <h2 id="no-avatars-title" className="mt-4 font-display text-lg font-bold tracking-widest text-primary glow-text">
        NO_AVATARS_FOUND
      </h2>
      <p className="mt-3 text-sm text-muted-foreground">
        You need to own AI avatar NFTs to start chatting. Visit the marketplace to mint your first avatar.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={paths.marketplace.getHref()}>
            <StoreIcon aria-hidden="true" />
            VISIT_MARKETPLACE
          </Link>
        </Button>
        <Button asChild variant="magenta">
          <Link href={paths.studio.getHref()}>CREATE_NEW</Link>
        </Button>
      </div>
    </section>
  );
}
