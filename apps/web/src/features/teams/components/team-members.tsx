import type { Team } from '@app/domain/teams';
import { UserMinusIcon, UsersIcon } from 'lucide-react';
import { AgentTypeBadge } from '@/components/avatars/agent-type-badge';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import { Button } from '@/components/ui/button';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { useUpdateTeamMember } from '../api/update-team-member';
import { RoleSelect } from './role-select';

/** MANAGE → MEMBERS: each member in speaking order, with its role (changeable) and REMOVE. */
export function TeamMembers({ team }: { team: Team }) {
  const updateRole = useUpdateTeamMember();
  const remove = useRemoveTeamMember();
  const busyId = updateRole.isPending
    ? updateRole.variables?.avatarId
    : remove.isPending
      ? remove.variables?.avatarId
      : undefined;

  if (team.members.length === 0) {
    return (
      <div className="grid place-items-center gap-2 rounded-md border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
        <UsersIcon className="size-6 text-primary" aria-hidden="true" />
        <p>No members yet. Use ADD on the team card to recruit your avatars.</p>
      </div>
    );
  }

  return (
    <ul aria-label={`Members of ${team.name}`} className="grid gap-2">
      {team.members.map((m, i) => (
        <li
          key={m.avatarId}
          className="grid grid-cols-[auto_1fr] items-center gap-3 rounded-md border border-border bg-background/60 p-3 sm:grid-cols-[auto_1fr_auto]"
        >
          <AvatarThumbnail src={m.thumbnailUrl} name={m.name} agentType={m.agentType} className="size-10!" />
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="truncate font-bold" title={m.name}>
                {m.name}
              </span>
              <AgentTypeBadge agentType={m.agentType} />
            </p>
            <p className="mt-0.5 font-mono text-xs text-muted-foreground">
              #{i + 1} TO SPEAK · LV.{m.level} · {m.experiencePoints.toLocaleString()} XP
            </p>
          </div>
          <div className="col-span-2 flex items-center gap-2 sm:col-span-1">
            <RoleSelect
              label={`Role of ${m.name}`}
              value={m.role}
              disabled={busyId === m.avatarId}
              className="h-8 w-36"
              onChange={(role) => {
                if (role !== m.role) updateRole.mutate({ teamId: team.id, avatarId: m.avatarId, role });
              }}
            />
            <Button
              variant="destructive"
              size="sm"
              aria-label={`Remove ${m.name}`}
              disabled={busyId === m.avatarId}
              onClick={() => remove.mutate({ teamId: team.id, avatarId: m.avatarId, name: m.name })}
            >
              <UserMinusIcon aria-hidden="true" />
              REMOVE
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
