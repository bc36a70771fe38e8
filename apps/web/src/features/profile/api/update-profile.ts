import type { ProfileUpdate } from '@app/domain/user';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { getUserQueryOptions } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';

/** SPEC §7 PATCH /api/profile `{firstName, lastName}`. */
export async function updateProfile(update: ProfileUpdate): Promise<void> {
  await apiRequest('PATCH', '/api/profile', update);
}

/**
 * Saves the user's names; toasts the outcome (SPEC §8) and refetches the user after success.
 */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Profile updated successfully' });
      await queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({ title: 'Update Failed', description: getServerErrorText(err, 'Update failed'), variant: 'destructive' });
    },
  });
}
