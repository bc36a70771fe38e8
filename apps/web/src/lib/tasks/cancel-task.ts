import type { TaskResult } from '@app/domain/tasks';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { getAvatarTasksQueryOptions } from './get-avatar-tasks';

/** POST /api/tasks/:id/cancel → the task, now FAILED in phase cancelled (409 when already finished). */
export async function cancelTask(taskRowId: number): Promise<TaskResult> {
  const res = await apiRequest('POST', `/api/tasks/${taskRowId}/cancel`);
  return (await res.json()) as TaskResult;
}

/**
 * Cancels a queued or running task. The cancelled task replaces its entry in Recent Tasks and the
 * list is re-read (also after a 409, when the task finished first); a refusal toasts 'Cancel Failed'.
 */
export function useCancelTask() {
  return useMutation({
    mutationFn: (task: Pick<TaskResult, 'id' | 'avatarId'>) => cancelTask(task.id),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(getAvatarTasksQueryOptions(cancelled.avatarId).queryKey, (list) =>
        list?.map((t) => (t.id === cancelled.id ? cancelled : t)),
      );
    },
    onError: (err) => {
      toast({
        title: 'Cancel Failed',
        description: getServerErrorText(err, err.message),
        variant: 'destructive',
      });
    },
    onSettled: (_data, _err, task) =>
      queryClient.invalidateQueries({ queryKey: getAvatarTasksQueryOptions(task.avatarId).queryKey }),
  });
}
