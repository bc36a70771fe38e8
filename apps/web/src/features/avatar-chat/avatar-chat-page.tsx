import type { Avatar } from '@app/domain/avatar';
import { AlertTriangleIcon, ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { RecentTasks } from '@/components/tasks/recent-tasks';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useAvatar } from './api/get-avatar';
import { AvatarSidePanel } from './avatar-panel';
import { ChatWindow } from './chat-window';
import { useAvatarChat } from './use-avatar-chat';

/**
 * The avatar chat page `/avatar-chat/{id}` (SPEC §2, §4, §5, §8), showing the real avatar:
 * its level, XP toward the next level and skills; a voice toggle (inert until the voice
 * feature); a 600px chat window opening with a greeting and a task suggestion, whose EXECUTE starts
 * the task; below, the avatar's Recent Tasks.
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

/** The loaded avatar: its side panel, the chat window and its recent tasks. */
function AvatarChatView({ avatar }: { avatar: Avatar }) {
  const chat = useAvatarChat(avatar);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[20rem_1fr]">
      <AvatarSidePanel avatar={avatar} chat={chat} />
      <ChatWindow avatar={avatar} chat={chat} />
      <RecentTasks avatarId={avatar.id} avatarName={avatar.name} compact className="lg:col-span-2" />
    </div>
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
