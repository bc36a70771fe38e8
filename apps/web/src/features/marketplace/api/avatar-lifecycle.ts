import type { Avatar, AvatarRemoval, UpdateAvatar } from '@app/domain/avatar';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { queryClient } from '@/lib/query-client';
import { getAvatarDetailsQueryOptions } from './get-avatar-details';

/** PATCH /api/avatars/:id `{name?, description?}`: rename or describe the avatar anew. */
export async function updateAvatar(avatarId: string, patch: UpdateAvatar): Promise<Avatar> {
  const res = await apiRequest('PATCH', `/api/avatars/${encodeURIComponent(avatarId)}`, patch);
  return (await res.json()) as Avatar;
}

/** Renames / re-describes an avatar; toasts the outcome and refreshes its detail and the user's avatars. */
export function useUpdateAvatar(avatarId: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: (patch: UpdateAvatar) => updateAvatar(avatarId, patch),
    onSuccess: async (avatar) => {
      toast({ title: 'Avatar Updated', description: `${avatar.name} is saved. Its NFT metadata shows it now.` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getAvatarDetailsQueryOptions(avatarId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getAvatarsQueryOptions().queryKey }),
      ]);
      onSuccess?.();
    },
    onError: (err) => {
      toast({
        title: 'Update Failed',
        description: getServerErrorText(err, 'The avatar could not be updated. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** GET /api/avatars/:id/removal: what removing the avatar does (fetched when the dialog opens). */
export function getRemovalQueryOptions(avatarId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/avatars', avatarId, 'removal'],
    queryFn: async () =>
      (await (await apiRequest('GET', `/api/avatars/${encodeURIComponent(avatarId)}/removal`)).json()) as AvatarRemoval,
    enabled,
    staleTime: 0,
  });
}

export function useRemoval(avatarId: string, enabled: boolean) {
  return useQuery(getRemovalQueryOptions(avatarId, enabled));
}

/** DELETE /api/avatars/:id: archives or deletes as the preview said; toasts; refreshes the user's avatars. */
export function useRemoveAvatar(avatarId: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('DELETE', `/api/avatars/${encodeURIComponent(avatarId)}`)).json()) as {
        id: number;
        action: 'archive' | 'delete';
      },
    onSuccess: async (result) => {
      toast({
        title: result.action === 'archive' ? 'Avatar Archived' : 'Avatar Deleted',
        description:
          result.action === 'archive'
            ? 'It has left the marketplace and your lists; its NFT stays on chain.'
            : 'It is gone, with its history.',
      });
      await queryClient.invalidateQueries({ queryKey: getAvatarsQueryOptions().queryKey });
      queryClient.removeQueries({ queryKey: getAvatarDetailsQueryOptions(avatarId).queryKey });
      onSuccess?.();
    },
    onError: (err) => {
      toast({
        title: 'Removal Failed',
        description: getServerErrorText(err, 'The avatar could not be removed. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
