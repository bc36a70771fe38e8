import { type Team, type TeamRole, teamRoleLabel } from '@app/domain/teams';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { getTeamsQueryOptions } from './get-teams';

/** PATCH /api/teams/:id/members/:avatarId `{role}` → the team in its new speaking order. */
export async function updateTeamMember({
  teamId,
  avatarId,
  role,
}: {
  teamId: number;
  avatarId: number;
  role: TeamRole;
}): Promise<Team> {
  const res = await apiRequest('PATCH', `/api/teams/${teamId}/members/${avatarId}`, { role });
  return (await res.json()) as Team;
}

/** Changes a member's role; toasts and refreshes the team list. */
export function useUpdateTeamMember() {
  return useMutation({
    mutationFn: updateTeamMember,
    onSuccess: async (team, { avatarId, role }) => {
      const name = team.members.find((m) => m.avatarId === avatarId)?.name ?? 'The avatar';
      toast({ title: 'Role Updated', description: `${name} is now ${teamRoleLabel(role)} of ${team.name}.` });
      await queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Update Failed',
        description: getServerErrorText(err, 'Failed to change the role. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
