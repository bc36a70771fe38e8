import type { TaskType, VerifyTaskResponse } from '@app/domain/blockchain';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { getVerifiableTasksQueryOptions } from '@/lib/get-verifiable-tasks';
import { queryClient } from '@/lib/query-client';

/** POST /api/nft/tasks {tokenId, taskType, experiencePoints}: the task verification for the token's avatar. */
export async function recordNftTask(input: {
  tokenId: number;
  taskType: TaskType;
  experiencePoints: number;
  /** The picked finished task's data; `{}` lets the server pick the claim. */
  taskData?: Record<string, unknown>;
  /** The token's avatar, to refresh its finished-task list (not sent). */
  avatarId?: number | null;
}): Promise<VerifyTaskResponse> {
  const { avatarId: _avatarId, ...body } = input;
  const res = await apiRequest('POST', '/api/nft/tasks', body);
  return (await res.json()) as VerifyTaskResponse;
}

/** TASKS: verifies a task for a token's avatar; toasts with SPEC §8's verification texts. */
export function useRecordNftTask() {
  return useMutation({
    mutationFn: recordNftTask,
    onSuccess: async (result, input) => {
      if (input.avatarId != null) {
        void queryClient.invalidateQueries({ queryKey: getVerifiableTasksQueryOptions(input.avatarId).queryKey });
      }
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
      await queryClient.invalidateQueries({ queryKey: getAvatarsQueryOptions().queryKey });
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
