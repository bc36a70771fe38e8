import type { Team, UpdateTeamInput } from '@app/domain/teams';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { getTeamsQueryOptions } from './get-teams';

/** PATCH /api/teams/:id with any of name, description, isActive → the updated team. */
export async function updateTeam({ teamId, ...patch }: UpdateTeamInput & { teamId: number }): Promise<Team> {
  const res = await apiRequest('PATCH', `/api/teams/${teamId}`, patch);
  return (await res.json()) as Team;
}

/** Edits a team (details or ACTIVE/INACTIVE); toasts the outcome and refreshes the team list. */
export function useUpdateTeam() {
  return useMutation({
    mutationFn: updateTeam,
    onSuccess: async (team, patch) => {
      const description =
        patch.name === undefined && patch.description === undefined
          ? `${team.name} is now ${team.isActive ? 'ACTIVE' : 'INACTIVE'}.`
          : `${team.name} saved.`;
      toast({ title: 'Team Updated', description });
      await queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Update Failed',
        description: getServerErrorText(err, 'Failed to update team. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
