import { CreateTeamSchema, TEAM_DESCRIPTION_MAX, TEAM_NAME_MAX } from '@app/domain/teams';
import { PlusIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCreateTeam } from '../api/create-team';

/**
 * CREATE_TEAM (SPEC §2 Teams page; BEYOND: the spec's button has no action): a dialog with a
 * required name and an optional description.
 */
export function CreateTeamDialog({ trigger }: { trigger?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTeam();
  const nameId = useId();
  const descriptionId = useId();
  const errorId = useId();

  const reset = () => {
    setName('');
    setDescription('');
    setError(null);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateTeamSchema.safeParse({ name, description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Team name is required');
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        reset();
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        {trigger ?? (
          <Button variant="magenta">
            <PlusIcon aria-hidden="true" />
            CREATE_TEAM
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>CREATE_TEAM</DialogTitle>
          <DialogDescription>Name the crew now; add avatars and roles with ADD on its card.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={nameId}>TEAM_NAME</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={TEAM_NAME_MAX}
              placeholder="e.g. NIGHT_SHIFT"
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
            <Label htmlFor={descriptionId}>
              DESCRIPTION <span className="font-normal text-muted-foreground normal-case">(optional)</span>
            </Label>
            <Textarea
              id={descriptionId}
              value={description}
              maxLength={TEAM_DESCRIPTION_MAX}
              placeholder="What is this team for?"
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                CANCEL
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'CREATING...' : 'CREATE_TEAM'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
