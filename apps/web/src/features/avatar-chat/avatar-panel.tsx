/**
 * The avatar chat page's side panel: the avatar's card (portrait, name, type, level, XP toward the
 * next level, skills), the voice switch and what the avatar remembers.
 */
import type { Avatar } from '@app/domain/avatar';
import { progressPercent, XP_PER_LEVEL, xpIntoLevel, xpToNextLevel } from '@app/domain/training';
import { Volume2Icon, VolumeXIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { AgentTypeBadge } from '@/components/avatars/agent-type-badge';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { memoryLines } from '../avatars/api/chat-history';
import type { AvatarChat } from './use-avatar-chat';

/** The side panel of the chat page: the avatar's card, the voice switch and its memory. */
export function AvatarSidePanel({ avatar, chat }: { avatar: Avatar; chat: AvatarChat }) {
  const { voice, voiceOn, player, memory } = chat;
  const voiceId = useId();
  return (
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
          className={cn('size-20! lg:size-32!', speaking && 'animate-pulse')}
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
