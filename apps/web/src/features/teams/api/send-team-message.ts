import type { TeamChatResponse } from '@app/domain/teams';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { queryClient } from '@/lib/query-client';
import { getTeamsQueryOptions } from './get-teams';

/** POST /api/teams/:id/chat `{message}` → one reply per member, in speaking order. */
export async function sendTeamMessage({
  teamId,
  message,
}: {
  teamId: number;
  message: string;
}): Promise<TeamChatResponse> {
  const res = await apiRequest('POST', `/api/teams/${teamId}/chat`, { message });
  return (await res.json()) as TeamChatResponse;
}

/**
 * Sends a message to the whole team. Each reply trains its avatar, so the avatar list and the
 * teams (member level and XP) are refreshed afterwards; a failure is toasted.
 */
export function useSendTeamMessage() {
  return useMutation({
    mutationFn: sendTeamMessage,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getAvatarsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey }),
      ]);
    },
    onError: (err) => {
      toast({
        title: 'Message Failed',
        description: getServerErrorText(err, 'The team could not be reached. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
