import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { getTeamsQueryOptions } from './get-teams';

/** DELETE /api/teams/:id: removes the team; its avatars are released, not deleted. */
export async function deleteTeam({ teamId }: { teamId: number; name: string }): Promise<void> {
  await apiRequest('DELETE', `/api/teams/${teamId}`);
}

/** Deletes a team; toasts the outcome and refreshes the team list. */
export function useDeleteTeam() {
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: async (_, { name }) => {
      toast({ title: 'Team Deleted', description: `${name} was disbanded. Its avatars are free again.` });
      await queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Delete Failed',
        description: getServerErrorText(err, 'Failed to delete team. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
