import { membersLabel, type Team, teamRoleLabel } from '@app/domain/teams';
import { useId } from 'react';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { AddMemberDialog } from './add-member-dialog';
import { ManageTeamDialog } from './manage-team-dialog';

/** Thumbnails shown on a card before "+N". */
const SHOWN_MEMBERS = 5;

/**
 * A team card (SPEC §2 Teams page): name, description or 'No description available', ACTIVE or
 * INACTIVE, 'MEMBERS: N avatars' with the real count (the spec always shows 0), ADD and MANAGE.
 */
export function TeamCard({ team }: { team: Team }) {
  const titleId = useId();
  const shown = team.members.slice(0, SHOWN_MEMBERS);
  const more = team.members.length - shown.length;
  return (
    <article aria-labelledby={titleId} className="h-full">
      <Card
        className={cn(
          'h-full gap-4 py-5 transition-[border-color,box-shadow] hover:border-primary/60',
          team.isActive ? 'border-primary/30' : 'border-border opacity-85',
        )}
      >
        <CardHeader className="px-5">
          <div className="flex items-start justify-between gap-3">
            <h3
              id={titleId}
              className="min-w-0 font-display text-base font-bold tracking-wider break-words text-primary"
            >
              {team.name}
            </h3>
            <Badge variant={team.isActive ? 'lime' : 'secondary'}>
              <span
                className={cn('size-1.5 rounded-full', team.isActive ? 'bg-neon-lime' : 'bg-muted-foreground')}
                aria-hidden="true"
              />
              {team.isActive ? 'ACTIVE' : 'INACTIVE'}
            </Badge>
          </div>
          <p
            className={cn(
              'text-sm break-words',
              team.description ? 'text-foreground/80' : 'text-muted-foreground italic',
            )}
          >
            {team.description || 'No description available'}
          </p>
        </CardHeader>
        <CardContent className="mt-auto grid gap-3 px-5">
          {shown.length > 0 && (
            <ul aria-label={`Members of ${team.name}`} className="flex flex-wrap gap-2">
              {shown.map((m) => (
                <li
                  key={m.avatarId}
                  className="flex items-center gap-1.5 rounded border border-border bg-background/60 py-0.5 pr-2 pl-0.5"
                >
                  <AvatarThumbnail
                    src={m.thumbnailUrl}
                    name={m.name}
                    agentType={m.agentType}
                    className="size-6! rounded!"
                  />
                  <span className="max-w-24 truncate text-xs font-bold" title={m.name}>
                    {m.name}
                  </span>
                  <span className="font-mono text-[0.65rem] text-neon-magenta">{teamRoleLabel(m.role)}</span>
                </li>
              ))}
              {more > 0 && <li className="self-center font-mono text-xs text-muted-foreground">+{more}</li>}
            </ul>
          )}
          <p className="font-mono text-xs font-bold tracking-[0.18em] text-neon-yellow">
            {membersLabel(team.members.length)}
          </p>
        </CardContent>
        <CardFooter className="gap-2 px-5">
          <AddMemberDialog team={team} />
          <ManageTeamDialog team={team} />
        </CardFooter>
      </Card>
    </article>
  );
}
