import { displayNameOf, MAX_PROFILE_IMAGE_BYTES, type User } from '@app/domain/user';
import { SaveIcon, UploadIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { toast } from '@/hooks/use-toast';
import { useUpdateProfile } from './api/update-profile';
import { useUploadProfileImage } from './api/upload-profile-image';

/**
 * Client-side checks of a chosen profile image (SPEC §5): at most 5 MB, an image type.
 * Returns the toast to show, or null when the file is acceptable.
 */
export function checkProfileImage(file: Pick<File, 'size' | 'type'>): { title: string; description: string } | null {
  if (file.size > MAX_PROFILE_IMAGE_BYTES)
    return { title: 'File Too Large', description: 'Please select an image under 5MB' };
  if (!file.type.startsWith('image/'))
    return { title: 'Invalid File Type', description: 'Please select an image file' };
  return null;
}

interface PendingImage {
  file: File;
  previewUrl: string;
}

/**
 * The profile editor panel (SPEC §2): picture with UPLOAD_IMAGE / SAVE, display name, e-mail and
 * the PROFILE_DATA form. A chosen picture is previewed locally and stored only on SAVE (SPEC §4).
 */
export function ProfileEditor({ user }: { user: User }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const firstNameId = useId();
  const lastNameId = useId();
  const [pending, setPending] = useState<PendingImage | null>(null);
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const upload = useUploadProfileImage({ onSuccess: () => setPending(null) });
  const update = useUpdateProfile();

  const onFileChosen = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = ''; // choosing the same file again still fires change
    if (!file) return;
    const problem = checkProfileImage(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPending({ file, previewUrl: reader.result });
    };
    reader.readAsDataURL(file);
  };

  const imageUrl = pending?.previewUrl ?? user.profileImageUrl ?? undefined;
  const initial = (user.firstName?.[0] ?? user.email?.[0] ?? 'U').toUpperCase();

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>PROFILE_EDITOR</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-center">
          <div className="relative">
            <Avatar className="size-24 border-2">
              {imageUrl && <AvatarImage src={imageUrl} alt="Profile picture" />}
              <AvatarFallback className="text-3xl">{initial}</AvatarFallback>
            </Avatar>
            {pending && (
              <span className="absolute -right-1 -bottom-1 rounded border border-neon-yellow/60 bg-background px-1.5 py-0.5 text-[0.65rem] font-bold tracking-wider text-neon-yellow">
                PREVIEW
              </span>
            )}
          </div>
          <div className="flex w-full min-w-0 flex-col items-center gap-1 text-center sm:items-start sm:text-left">
            <p className="max-w-full truncate font-display text-lg font-bold tracking-wider">{displayNameOf(user)}</p>
            {user.email && <p className="max-w-full truncate text-sm text-muted-foreground">{user.email}</p>}
            <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                className="sr-only"
                tabIndex={-1}
                aria-label="Profile image file"
                onChange={(event) => onFileChosen(event.target.files?.[0])}
              />
              <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                <UploadIcon aria-hidden="true" />
                UPLOAD_IMAGE
              </Button>
              <Button
                type="button"
                size="sm"
                disabled={!pending || upload.isPending}
                onClick={() => pending && upload.mutate(pending.file)}
              >
                <SaveIcon aria-hidden="true" />
                {upload.isPending ? 'UPLOADING...' : 'SAVE'}
              </Button>
            </div>
          </div>
        </div>

        <Separator />

        <form
          aria-labelledby="profile-data-title"
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ firstName, lastName });
          }}
        >
          <h3 id="profile-data-title" className="label-mono text-neon-magenta">
            PROFILE_DATA
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={firstNameId}>FIRST_NAME</Label>
              <Input
                id={firstNameId}
                autoComplete="given-name"
                value={firstName}
                onChange={(event) => setFirstName(event.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={lastNameId}>LAST_NAME</Label>
              <Input
                id={lastNameId}
                autoComplete="family-name"
                value={lastName}
                onChange={(event) => setLastName(event.target.value)}
              />
            </div>
          </div>
          <Button type="submit" variant="magenta" disabled={update.isPending} className="sm:self-start">
            {update.isPending ? 'UPDATING...' : 'UPDATE_PROFILE'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
