import type { Avatar, CreateAvatarInput } from '@app/domain/avatar';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { ApiError, apiRequest, getServerErrorText } from '@/lib/api';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { queryClient } from '@/lib/query-client';

/**
 * SPEC §7 POST /api/avatars `{name, description, personalityTraits, readyPlayerMeUrl,
 * readyPlayerMeConfig}` (BEYOND: agentType). Returns the new avatar.
 */
export async function createAvatar(input: CreateAvatarInput): Promise<Avatar> {
  const res = await apiRequest('POST', '/api/avatars', input);
  return (await res.json()) as Avatar;
}

/**
 * The server's words for a failed creation: the first validation issue (e.g. 'Avatar name is
 * required') when there is one, else its `error` text, else SPEC §8's fallback.
 */
export function creationErrorText(err: unknown): string {
  const fallback = 'Failed to create avatar. Please try again.';
  if (err instanceof ApiError && err.body) {
    try {
      const body = JSON.parse(err.body) as { issues?: { message?: unknown }[] };
      const first = body.issues?.[0]?.message;
      if (typeof first === 'string' && first) return first;
    } catch {
      // Not JSON: fall back below.
    }
  }
  return getServerErrorText(err, fallback);
}

/**
 * Creates an avatar (SPEC §4 "Avatar creation"): on success toasts 'Avatar Created', refreshes the
 * avatar list and calls `onSuccess` (the studio returns to the dashboard); on failure toasts
 * 'Creation Failed' with the server message (SPEC §8).
 */
export function useCreateAvatar({ onSuccess }: { onSuccess?: (avatar: Avatar) => void } = {}) {
  return useMutation({
    mutationFn: createAvatar,
    onSuccess: async (avatar) => {
      toast({
        title: 'Avatar Created',
        description: 'Your AI avatar has been successfully created and is ready for training.',
      });
      await queryClient.invalidateQueries({ queryKey: getAvatarsQueryOptions().queryKey });
      onSuccess?.(avatar);
    },
    onError: (err) => {
      toast({ title: 'Creation Failed', description: creationErrorText(err), variant: 'destructive' });
    },
  });
}
