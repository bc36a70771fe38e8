import { TEAM_DESCRIPTION_MAX, TEAM_NAME_MAX, type Team, UpdateTeamSchema } from '@app/domain/teams';
import { Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useDeleteTeam } from '../api/delete-team';
import { useUpdateTeam } from '../api/update-team';

/**
 * MANAGE → SETTINGS: edit name and description, switch ACTIVE / INACTIVE (applied at once), and
 * delete the team after a confirmation (its avatars are released, not deleted).
 */
export function TeamSettings({ team }: { team: Team }) {
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateTeam();
  const remove = useDeleteTeam();
  const nameId = useId();
  const descriptionId = useId();
  const activeId = useId();
  const errorId = useId();

  const dirty = name !== team.name || description !== (team.description ?? '');

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    const parsed = UpdateTeamSchema.safeParse({ name, description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Team name is required');
      return;
    }
    update.mutate({ teamId: team.id, ...parsed.data });
  };

  return (
    <div className="grid gap-5">
      <div className="flex items-center justify-between gap-3 rounded-md border border-border bg-background/60 px-3 py-3">
        <div>
          <Label htmlFor={activeId}>STATUS: {team.isActive ? 'ACTIVE' : 'INACTIVE'}</Label>
          <p className="mt-1 text-xs text-muted-foreground">Inactive teams keep their members but do not chat.</p>
        </div>
        <Switch
          id={activeId}
          checked={team.isActive}
          disabled={update.isPending}
          onCheckedChange={(isActive) => update.mutate({ teamId: team.id, isActive })}
        />
      </div>

      <form className="grid gap-4" onSubmit={onSave} noValidate>
        <div className="grid gap-2">
          <Label htmlFor={nameId}>TEAM_NAME</Label>
          <Input
            id={nameId}
            value={name}
            maxLength={TEAM_NAME_MAX}
            autoComplete="off"
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setName(e.target.value);
              if (error) setError(null);
            }}
          />
          {error && (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={descriptionId}>DESCRIPTION</Label>
          <Textarea
            id={descriptionId}
            value={description}
            maxLength={TEAM_DESCRIPTION_MAX}
            placeholder="No description available"
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <Button type="submit" className="w-fit" disabled={!dirty || update.isPending}>
          {update.isPending ? 'UPDATING...' : 'SAVE_CHANGES'}
        </Button>
      </form>

      <section
        aria-labelledby={`${activeId}-danger`}
        className="grid gap-3 rounded-md border border-destructive/50 p-3"
      >
        <h3 id={`${activeId}-danger`} className="label-mono text-destructive">
          DANGER_ZONE
        </h3>
        {confirming ? (
          <div className="grid gap-3">
            <p className="text-sm">
              Delete <span className="font-bold">{team.name}</span>? Its {team.members.length} member
              {team.members.length === 1 ? '' : 's'} will be released; the avatars themselves stay yours.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={remove.isPending}>
                CANCEL
              </Button>
              <Button
                variant="destructive"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ teamId: team.id, name: team.name })}
              >
                <Trash2Icon aria-hidden="true" />
                {remove.isPending ? 'DELETING...' : 'CONFIRM_DELETE'}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="destructive" size="sm" className="w-fit" onClick={() => setConfirming(true)}>
            <Trash2Icon aria-hidden="true" />
            DELETE_TEAM
          </Button>
        )}
      </section>
    </div>
  );
}
