import { type AddTeamMember, type Team, teamRoleLabel } from '@app/domain/teams';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { getTeamsQueryOptions } from './get-teams';

/** POST /api/teams/:id/members `{avatarId, role}` → the team with its new member. */
export async function addTeamMember({ teamId, ...body }: AddTeamMember & { teamId: number }): Promise<Team> {
  const res = await apiRequest('POST', `/api/teams/${teamId}/members`, body);
  return (await res.json()) as Team;
}

/** Puts one of the user's avatars into a team with a role; toasts and refreshes the team list. */
export function useAddTeamMember() {
  return useMutation({
    mutationFn: addTeamMember,
    onSuccess: async (team, { avatarId, role }) => {
      const name = team.members.find((m) => m.avatarId === avatarId)?.name ?? 'The avatar';
      toast({ title: 'Member Added', description: `${name} joined ${team.name} as ${teamRoleLabel(role)}.` });
      await queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Add Failed',
        description: getServerErrorText(err, 'Failed to add the avatar. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
