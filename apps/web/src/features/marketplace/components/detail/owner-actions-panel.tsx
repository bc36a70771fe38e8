import { AVATAR_DESCRIPTION_MAX, AVATAR_NAME_MAX } from '@app/domain/avatar-rules';
import { useQuery } from '@tanstack/react-query';
import { ArchiveIcon, PencilIcon, ShieldAlertIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/lib/auth';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { useRemoval, useRemoveAvatar, useUpdateAvatar } from '../../api/avatar-lifecycle';

/**
 * OWNER_ACTIONS, shown to the avatar's owner only: EDIT (name and description) and
 * REMOVE, whose dialog first says what happens to the NFT (archive or delete) and what must be done
 * before (open listings, orders, running tasks).
 */
export function OwnerActionsPanel({
  avatarId,
  name,
  description,
}: {
  avatarId: string;
  name: string;
  description: string | null;
}) {
  const { user } = useAuth();
  // A visitor owns nothing: no request for "my avatars" (it would answer 401).
  const avatars = useQuery({ ...getAvatarsQueryOptions(), enabled: Boolean(user) });
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const owns = Boolean(user) && avatars.data?.some((a) => String(a.id) === avatarId);
  if (!owns) return null;

  return (
    <section aria-labelledby="owner-actions-title" className="rounded-lg border border-border bg-card/85 p-5">
      <h2 id="owner-actions-title" className="label-mono text-primary">
        OWNER_ACTIONS
      </h2>
      <p className="mt-1 text-xs text-muted-foreground">This avatar is yours.</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <PencilIcon aria-hidden="true" />
          EDIT
        </Button>
        <Button variant="outline" size="sm" className="text-destructive" onClick={() => setRemoving(true)}>
          <Trash2Icon aria-hidden="true" />
          REMOVE
        </Button>
      </div>
      {editing && (
        <EditDialog avatarId={avatarId} name={name} description={description} onClose={() => setEditing(false)} />
      )}
      {removing && <RemoveDialog avatarId={avatarId} name={name} onClose={() => setRemoving(false)} />}
    </section>
  );
}

function EditDialog({
  avatarId,
  name,
  description,
  onClose,
}: {
  avatarId: string;
  name: string;
  description: string | null;
  onClose: () => void;
}) {
  const ids = { name: useId(), description: useId(), error: useId() };
  const [draftName, setDraftName] = useState(name);
  const [draftDescription, setDraftDescription] = useState(description ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAvatar(avatarId, { onSuccess: onClose });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draftName.trim()) {
      setError('Avatar name is required');
      return;
    }
    update.mutate({ name: draftName.trim(), description: draftDescription.trim() || null });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>EDIT_AVATAR</DialogTitle>
          <DialogDescription>
            The new name and description show at once here, on the marketplace and in its NFT metadata (tokenURI).
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Avatar name *</Label>
            <Input
              id={ids.name}
              value={draftName}
              maxLength={AVATAR_NAME_MAX}
              onChange={(e) => {
                setDraftName(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            />
            {error && (
              <p id={ids.error} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.description}>
              Description <span className="text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id={ids.description}
              value={draftDescription}
              maxLength={AVATAR_DESCRIPTION_MAX}
              onChange={(e) => setDraftDescription(e.target.value)}
              rows={4}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              CANCEL
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'SAVING...' : 'SAVE'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemoveDialog({ avatarId, name, onClose }: { avatarId: string; name: string; onClose: () => void }) {
  const [, navigate] = useLocation();
  const removal = useRemoval(avatarId, true);
  const remove = useRemoveAvatar(avatarId, { onSuccess: () => navigate(paths.home.getHref()) });
  const plan = removal.data;
  const blocked = !plan || plan.blockers.length > 0;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">REMOVE {name}</DialogTitle>
          <DialogDescription>Read what happens to it and to its NFT before you confirm.</DialogDescription>
        </DialogHeader>
        {removal.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Checking what removal does">
            <Skeleton className="h-5" />
            <Skeleton className="h-5 w-4/5" />
          </div>
        ) : removal.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not check what removal does: {removal.error.message}
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="label-mono text-xs text-neon-yellow">
              {plan?.action === 'archive' ? 'THIS_WILL_ARCHIVE' : 'THIS_WILL_DELETE'}
            </p>
            <ul className="grid list-disc gap-1.5 pl-5 text-sm" aria-label="What happens">
              {plan?.consequences.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            {plan && plan.blockers.length > 0 && (
              <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
                <p className="flex items-center gap-2 font-bold text-destructive">
                  <ShieldAlertIcon className="size-4" aria-hidden="true" />
                  NOT_YET
                </p>
                <ul className="mt-1 grid gap-1" aria-label="First">
                  {plan.blockers.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            CANCEL
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={blocked || remove.isPending}
            onClick={() => remove.mutate()}
          >
            {plan?.action === 'delete' ? <Trash2Icon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
            {remove.isPending ? 'REMOVING...' : plan?.action === 'delete' ? 'DELETE_AVATAR' : 'ARCHIVE_AVATAR'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
