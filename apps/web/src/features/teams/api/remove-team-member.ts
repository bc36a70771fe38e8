import type { Team } from '@app/domain/teams';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { getTeamsQueryOptions } from './get-teams';

/** DELETE /api/teams/:id/members/:avatarId → the team without that member. */
export async function removeTeamMember({
  teamId,
  avatarId,
}: {
  teamId: number;
  avatarId: number;
  name: string;
}): Promise<Team> {
  const res = await apiRequest('DELETE', `/api/teams/${teamId}/members/${avatarId}`);
  return (await res.json()) as Team;
}

/** Removes an avatar from a team; toasts and refreshes the team list. */
export function useRemoveTeamMember() {
  return useMutation({
    mutationFn: removeTeamMember,
    onSuccess: async (team, { name }) => {
      toast({ title: 'Member Removed', description: `${name} left ${team.name}.` });
      await queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Remove Failed',
        description: getServerErrorText(err, 'Failed to remove the avatar. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
