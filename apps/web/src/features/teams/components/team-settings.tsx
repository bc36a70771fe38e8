import { type Team, UpdateTeamSchema } from '@app/domain/teams';
import { Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useDeleteTeam } from '../api/delete-team';
import { useUpdateTeam } from '../api/update-team';
import { TeamFields } from './team-fields';

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
  const activeId = useId();

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
        <TeamFields
          name={name}
          description={description}
          error={error}
          onNameChange={setName}
          onDescriptionChange={setDescription}
          onErrorClear={() => setError(null)}
          descriptionLabel="DESCRIPTION"
          descriptionPlaceholder="No description available"
        />
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
