import { AGENT_TASK_TYPES, type AgentTaskType, type TaskResult } from '@app/domain/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { queryClient } from '@/lib/query-client';

/**
 * Agent tasks are started from the dashboard AI_CHAT tab and from the avatar chat page,
 * and both show Recent Tasks, so the task calls live in lib/ rather than in one feature.
 */

/** How often Recent Tasks re-reads while a task is queued or running. */
export const TASK_POLL_MS = 1500;

/**
 * Phases in which the server is still working on a PENDING task: queued, running (the work),
 * validating (the validator's checks), recording (the validation going on chain). 'draft' is PENDING
 * but final.
 */
const IN_FLIGHT_PHASES = new Set(['queued', 'running', 'validating', 'recording']);

/** True while the server is still working on the task (PENDING and in an in-flight phase). */
export function isTaskInFlight(task: Pick<TaskResult, 'status' | 'phase'>): boolean {
  return task.status === 'PENDING' && IN_FLIGHT_PHASES.has(task.phase);
}

/** True when an action id (a chat action or a task suggestion's `action`) is a startable task type. */
export function isAgentTaskType(action: string): action is AgentTaskType {
  return (AGENT_TASK_TYPES as readonly string[]).includes(action);
}

/** GET /api/avatars/:id/tasks: the avatar's recent tasks, newest first. */
export async function getAvatarTasks(avatarId: number): Promise<TaskResult[]> {
  const res = await apiRequest('GET', `/api/avatars/${avatarId}/tasks`);
  return (await res.json()) as TaskResult[];
}

/**
 * Query options of an avatar's tasks. While any task is in flight the list is re-read every
 * {@link TASK_POLL_MS}: this is the task-progress exception to SPEC §7 ("reads are never refetched
 * on an interval") — a task moves PENDING → CONFIRMED/FAILED on the server and the user must see it
 * without a reload. Polling stops by itself once every task has settled.
 */
export function getAvatarTasksQueryOptions(avatarId: number) {
  const queryKey = ['/api/avatars', avatarId, 'tasks'] as const;
  return queryOptions({
    queryKey,
    queryFn: async () => {
      const before = queryClient.getQueryData<TaskResult[]>(queryKey);
      const tasks = await getAvatarTasks(avatarId);
      if (before && settledSince(before, tasks)) refreshAvatars(avatarId);
      return tasks;
    },
    refetchInterval: (query) => (query.state.data?.some(isTaskInFlight) ? TASK_POLL_MS : false),
  });
}

/** True when a task that was in flight has now been CONFIRMED (it raised the avatar's XP). */
function settledSince(before: TaskResult[], after: TaskResult[]): boolean {
  const wasInFlight = new Set(before.filter(isTaskInFlight).map((t) => t.id));
  return after.some((t) => wasInFlight.has(t.id) && t.status === 'CONFIRMED');
}

/** A confirmed task raises the avatar's XP: re-read the avatar queries, but not the task lists. */
function refreshAvatars(avatarId: number) {
  const tasksKey = getAvatarTasksQueryOptions(avatarId).queryKey;
  void queryClient.invalidateQueries({
    queryKey: getAvatarsQueryOptions().queryKey,
    predicate: (q) => q.queryKey[2] !== tasksKey[2],
  });
}

/** The avatar's recent tasks (Recent Tasks), re-read while any of them is queued or running. */
export function useAvatarTasks(avatarId: number) {
  return useQuery(getAvatarTasksQueryOptions(avatarId));
}
