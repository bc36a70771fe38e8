import type { UserStatus } from '@app/domain/user';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { getUsersQueryOptions } from './get-users';

/** PATCH /api/admin/users/:id `{status}`: approve (active) or suspend (back to pending). */
export async function updateUserStatus({ id, status }: { id: string; status: UserStatus }): Promise<void> {
  await apiRequest('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, { status });
}

/** Changes a user's status, toasts the outcome and refreshes the user list. */
export function useUpdateUserStatus() {
  return useMutation({
    mutationFn: updateUserStatus,
    onSuccess: async (_data, { status }) => {
      toast({ title: status === 'active' ? 'User Approved' : 'User Suspended' });
      await queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({ title: 'Update Failed', description: getServerErrorText(err, 'Update failed'), variant: 'destructive' });
    },
  });
}
