import { CreateTeamSchema } from '@app/domain/teams';
import { PlusIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
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
import { useCreateTeam } from '../api/create-team';
import { TeamFields } from './team-fields';

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
          <TeamFields
            name={name}
            description={description}
            error={error}
            onNameChange={setName}
            onDescriptionChange={setDescription}
            onErrorClear={() => setError(null)}
            namePlaceholder="e.g. NIGHT_SHIFT"
            descriptionLabel={
              <>
                DESCRIPTION <span className="font-normal text-muted-foreground normal-case">(optional)</span>
              </>
            }
            descriptionPlaceholder="What is this team for?"
          />
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
