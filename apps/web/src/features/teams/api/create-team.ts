import type { CreateTeamInput, Team } from '@app/domain/teams';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { getTeamsQueryOptions } from './get-teams';

/** POST /api/teams `{name, description}` → the new (empty, active) team. */
export async function createTeam(input: CreateTeamInput): Promise<Team> {
  const res = await apiRequest('POST', '/api/teams', input);
  return (await res.json()) as Team;
}

/** Creates a team; toasts the outcome and refreshes the team list. */
export function useCreateTeam() {
  return useMutation({
    mutationFn: createTeam,
    onSuccess: async (team) => {
      toast({ title: 'Team Created', description: `${team.name} is online. ADD avatars to give it a crew.` });
      await queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Creation Failed',
        description: getServerErrorText(err, 'Failed to create team. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
