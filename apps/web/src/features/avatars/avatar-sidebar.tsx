import type { Avatar } from '@app/domain/avatar';
import { ChevronsLeftIcon, ChevronsRightIcon, PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { AgentTypeBadge } from '@/components/avatars/agent-type-badge';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * The collapsible MY_AVATARS sidebar (SPEC §2 AI_CHAT): thumbnail, name, agentType badge, LV.level
 * and XP per avatar, and a CREATE_NEW tile leading to the studio. Collapsed, it shows thumbnails only
 * (and nothing but its header on small screens).
 */
export function AvatarSidebar({
  avatars,
  selectedId,
  onSelect,
  collapsed,
  onToggleCollapsed,
}: {
  avatars: Avatar[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}) {
  const listId = useId();
  return (
    <aside
      aria-label="My avatars"
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card/85 p-3 transition-[width]',
        collapsed ? 'lg:w-[4.75rem]' : 'lg:w-72',
      )}
    >
      <div className={cn('flex items-center justify-between gap-2', collapsed && 'lg:flex-col')}>
        <h2 className={cn('label-mono text-primary', collapsed && 'lg:sr-only')}>MY_AVATARS</h2>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-expanded={!collapsed}
          aria-controls={listId}
          aria-label={collapsed ? 'Expand avatar list' : 'Collapse avatar list'}
          onClick={onToggleCollapsed}
        >
          {collapsed ? <ChevronsRightIcon aria-hidden="true" /> : <ChevronsLeftIcon aria-hidden="true" />}
        </Button>
      </div>
      <ul
        id={listId}
        className={cn('flex flex-col gap-2 overflow-y-auto max-lg:max-h-72', collapsed && 'max-lg:hidden')}
      >
        {avatars.map((a) => {
          const selected = a.id === selectedId;
          return (
            <li key={a.id}>
              <button
                type="button"
                aria-pressed={selected}
                aria-label={collapsed ? `${a.name}, ${a.agentType}, level ${a.level ?? 1}` : undefined}
                title={collapsed ? a.name : undefined}
                onClick={() => onSelect(a.id)}
                className={cn(
                  'flex w-full min-w-0 items-center gap-3 rounded-md border p-2 text-left transition-[border-color,background-color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/70',
                  selected
                    ? 'border-primary bg-primary/10 shadow-[0_0_18px_-8px_var(--neon-cyan)]'
                    : 'border-transparent hover:border-primary/40 hover:bg-accent/50',
                  collapsed && 'lg:justify-center lg:p-1.5',
                )}
              >
                <AvatarThumbnail
                  src={a.thumbnailUrl ?? a.imageUrl}
                  name={a.name}
                  agentType={a.agentType}
                  className="size-11!"
                />
                <span className={cn('flex min-w-0 flex-1 flex-col gap-1', collapsed && 'lg:hidden')}>
                  <span className="truncate font-display text-sm font-bold tracking-wide" title={a.name}>
                    {a.name}
                  </span>
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <AgentTypeBadge agentType={a.agentType} />
                    <span className="font-mono text-[0.7rem] font-bold text-neon-lime">LV.{a.level ?? 1}</span>
                    <span className="font-mono text-[0.7rem] text-muted-foreground">{a.experiencePoints ?? 0} XP</span>
                  </span>
                </span>
              </button>
            </li>
          );
        })}
        <li>
          <Link
            href={paths.studio.getHref()}
            aria-label={collapsed ? 'CREATE_NEW avatar' : undefined}
            className={cn(
              'flex min-h-14 items-center justify-center gap-2 rounded-md border border-dashed border-neon-magenta/50 p-2 text-neon-magenta outline-none transition-colors hover:border-neon-magenta hover:bg-neon-magenta/10 focus-visible:ring-[3px] focus-visible:ring-ring/70',
            )}
          >
            <PlusIcon className="size-4" aria-hidden="true" />
            <span className={cn('label-mono', collapsed && 'lg:hidden')}>CREATE_NEW</span>
          </Link>
        </li>
      </ul>
    </aside>
  );
}
