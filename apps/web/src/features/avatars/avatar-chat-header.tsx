import type { Avatar } from '@app/domain/avatar';
import { progressPercent, xpToNextLevel } from '@app/domain/training';
import { CpuIcon, MaximizeIcon } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { AgentTypeBadge } from '@/components/avatars/agent-type-badge';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/**
 * The AI_CHAT header (SPEC §2): name, agent type, capability count, level and XP. The portrait
 * pulses while the avatar speaks a voice reply (SPEC §4).
 */
export function AvatarChatHeader({ avatar, speaking = false }: { avatar: Avatar; speaking?: boolean }) {
  const level = avatar.level ?? 1; // SPEC §3: level defaults to 1 and XP to 0 when missing.
  const xp = avatar.experiencePoints ?? 0;
  const capabilities = avatar.capabilities?.length ?? 0;
  return (
    <header className="flex min-w-0 flex-col gap-4 rounded-lg border border-border bg-card/85 p-4 sm:flex-row sm:items-center sm:p-5">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <AvatarThumbnail
          src={avatar.thumbnailUrl ?? avatar.imageUrl}
          name={avatar.name}
          agentType={avatar.agentType}
          className={cn('size-14! sm:size-16!', speaking && 'animate-pulse')}
        />
        <div className="flex min-w-0 flex-col gap-1.5">
          <h2
            title={avatar.name}
            className="truncate font-display text-lg font-black tracking-wide text-foreground sm:text-xl"
          >
            {avatar.name}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <AgentTypeBadge agentType={avatar.agentType} />
            <span className="label-mono flex items-center gap-1 text-muted-foreground">
              <CpuIcon className="size-3.5" aria-hidden="true" />
              {capabilities} {capabilities === 1 ? 'CAPABILITY' : 'CAPABILITIES'}
            </span>
            <Button asChild variant="link" size="sm" className="h-auto px-0">
              <Link href={paths.avatarChat.getHref(avatar.id)}>
                <MaximizeIcon aria-hidden="true" />
                OPEN_CHANNEL
              </Link>
            </Button>
          </div>
        </div>
      </div>
      <dl className="grid min-w-0 grid-cols-2 gap-x-6 gap-y-1 sm:w-56">
        <div>
          <dt className="label-mono text-muted-foreground">LEVEL</dt>
          <dd className="font-display text-xl font-black text-neon-lime">LV.{level}</dd>
        </div>
        <div>
          <dt className="label-mono text-muted-foreground">XP</dt>
          <dd className="font-display text-xl font-black text-primary">{xp} XP</dd>
        </div>
        <div className="col-span-2 mt-1">
          <Progress value={progressPercent(xp)} aria-label={`${xpToNextLevel(xp)} XP to level ${level + 1}`} />
        </div>
      </dl>
    </header>
  );
}
