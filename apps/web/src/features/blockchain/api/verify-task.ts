import type { VerifyTaskRequest, VerifyTaskResponse } from '@app/domain/blockchain';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { getVerifiableTasksQueryOptions } from '@/lib/get-verifiable-tasks';
import { queryClient } from '@/lib/query-client';
import { getUserHistoryQueryOptions } from './get-user-history';

/** SPEC §7 POST /api/blockchain/verify-task {avatarId, taskType, taskData, userWalletAddress}. */
export async function verifyTask(request: VerifyTaskRequest): Promise<VerifyTaskResponse> {
  const res = await apiRequest('POST', '/api/blockchain/verify-task', request);
  return (await res.json()) as VerifyTaskResponse;
}

/**
 * Verifies a task on chain and toasts the outcome with SPEC §8's texts. On success the wallet's
 * history and the avatars (XP changed) are refreshed.
 */
export function useVerifyTask() {
  return useMutation({
    mutationFn: verifyTask,
    onSuccess: async (result, request) => {
      // Verified or refused, the avatar's finished-task list may have changed.
      void queryClient.invalidateQueries({ queryKey: getVerifiableTasksQueryOptions(request.avatarId).queryKey });
      if (!result.success) {
        toast({
          title: 'Verification Failed',
          description: result.error || 'Failed to verify task on blockchain',
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Task Verified on Blockchain',
        description: `Task ${result.taskId} verified. Reputation gained: ${result.reputationGained ?? 0}`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getUserHistoryQueryOptions(request.userWalletAddress).queryKey }),
        queryClient.invalidateQueries({ queryKey: getAvatarsQueryOptions().queryKey }),
      ]);
    },
    onError: (err) => {
      toast({
        title: 'Verification Failed',
        description: getServerErrorText(err, 'Failed to verify task on blockchain'),
        variant: 'destructive',
      });
    },
  });
}
