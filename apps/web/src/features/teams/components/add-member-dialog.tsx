import { TEAM_MAX_MEMBERS, TEAM_ROLE_DESCRIPTIONS, TEAM_ROLES, type Team, type TeamRole } from '@app/domain/teams';
import { UserPlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAvatars } from '@/lib/get-avatars';
import { useAddTeamMember } from '../api/add-team-member';
import { RoleSelect } from './role-select';

/** The first role nobody in the team holds yet (a new team gets its lead first), else builder. */
function suggestedRole(team: Team): TeamRole {
  const taken = new Set(team.members.map((m) => m.role));
  return TEAM_ROLES.find((r) => !taken.has(r)) ?? 'builder';
}

/**
 * ADD on a team card (BEYOND: the spec's button has no action): choose one of the user's own
 * avatars that is not in the team yet, and its role.
 */
export function AddMemberDialog({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  const [avatarId, setAvatarId] = useState<string>('');
  const [role, setRole] = useState<TeamRole>(() => suggestedRole(team));
  const avatars = useAvatars();
  const add = useAddTeamMember();
  const avatarFieldId = useId();
  const roleFieldId = useId();
  const roleHelpId = useId();

  const memberIds = new Set(team.members.map((m) => m.avatarId));
  const candidates = (avatars.data ?? []).filter((a) => !memberIds.has(a.id));
  const full = team.members.length >= TEAM_MAX_MEMBERS;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setAvatarId('');
      setRole(suggestedRole(team));
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!avatarId) return;
    add.mutate({ teamId: team.id, avatarId: Number(avatarId), role }, { onSuccess: () => setOpen(false) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`ADD avatar to ${team.name}`}>
          <UserPlusIcon aria-hidden="true" />
          ADD
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>ADD_TO_TEAM</DialogTitle>
          <DialogDescription>
            Recruit one of your avatars into <span className="font-bold text-foreground">{team.name}</span> and give it
            a role.
          </DialogDescription>
        </DialogHeader>
        {avatars.isLoading ? (
          <div className="grid gap-3" role="status" aria-label="Loading avatars">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : avatars.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {avatars.error.message}
          </p>
        ) : full ? (
          <p className="text-sm text-muted-foreground">
            This team is full ({TEAM_MAX_MEMBERS} members). Remove a member in MANAGE first.
          </p>
        ) : candidates.length === 0 ? (
          <div className="grid gap-3 text-sm text-muted-foreground">
            <p>
              {avatars.data?.length
                ? 'Every one of your avatars is already in this team.'
                : 'You need an avatar before you can build a team.'}
            </p>
            <Button asChild variant="magenta" className="w-fit">
              <Link href={paths.studio.getHref()}>CREATE_AVATAR</Link>
            </Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={onSubmit}>
            <div className="grid gap-2">
              <Label htmlFor={avatarFieldId}>AVATAR</Label>
              <Select value={avatarId} onValueChange={setAvatarId}>
                <SelectTrigger id={avatarFieldId}>
                  <SelectValue placeholder="CHOOSE_AVATAR" />
                </SelectTrigger>
                <SelectContent>
                  {candidates.map((a) => (
                    <SelectItem key={a.id} value={String(a.id)}>
                      {a.name} · {a.agentType} · LV.{a.level}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={roleFieldId}>ROLE</Label>
              <RoleSelect id={roleFieldId} value={role} onChange={setRole} describedBy={roleHelpId} />
              <p id={roleHelpId} className="text-xs text-muted-foreground">
                The {role} {TEAM_ROLE_DESCRIPTIONS[role]}.
              </p>
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  CANCEL
                </Button>
              </DialogClose>
              <Button type="submit" disabled={!avatarId || add.isPending}>
                {add.isPending ? 'ADDING...' : 'ADD_TO_TEAM'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
