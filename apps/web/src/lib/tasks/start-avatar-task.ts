import { chatActionLabel } from '@app/domain/chat';
import { type AgentTaskType, TASK_PROMPT_MAX, type TaskResult } from '@app/domain/tasks';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { getAvatarTasksQueryOptions } from './get-avatar-tasks';

/** What starting a task needs: the avatar, the task type and what the user asked for. */
export interface StartAvatarTaskInput {
  avatarId: number;
  taskType: AgentTaskType;
  /** The chat message (or suggestion) that led to the task; empty → the server's type default. */
  prompt: string;
}

/**
 * POST /api/avatars/:id/tasks → 202 with the new task (PENDING, phase queued). A chat message may
 * be longer than a task prompt, so the prompt is cut to the server's limit.
 */
export async function startAvatarTask({ avatarId, taskType, prompt }: StartAvatarTaskInput): Promise<TaskResult> {
  const res = await apiRequest('POST', `/api/avatars/${avatarId}/tasks`, {
    taskType,
    prompt: prompt.trim().slice(0, TASK_PROMPT_MAX),
  });
  return (await res.json()) as TaskResult;
}

/**
 * Starts an agent task for an avatar. The new PENDING task is put at the top of the
 * avatar's Recent Tasks at once, which starts the progress polling of {@link getAvatarTasksQueryOptions};
 * the list is then re-read. A refusal toasts 'Task Failed' with the server's reason.
 */
export function useStartAvatarTask() {
  return useMutation({
    mutationFn: startAvatarTask,
    onSuccess: (task, { avatarId }) => {
      const { queryKey } = getAvatarTasksQueryOptions(avatarId);
      queryClient.setQueryData(queryKey, (list) => [task, ...(list ?? []).filter((t) => t.id !== task.id)]);
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (err, { taskType }) => {
      toast({
        title: 'Task Failed',
        description: `${chatActionLabel(taskType)}: ${getServerErrorText(err, err.message)}`,
        variant: 'destructive',
      });
    },
  });
}
