import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { getFailedJobsQueryOptions } from './get-failed-jobs';

/** POST /api/admin/jobs/failed/:id/retry: queues a failed job again with fresh retries. */
export async function retryFailedJob(id: string): Promise<void> {
  await apiRequest('POST', `/api/admin/jobs/failed/${encodeURIComponent(id)}/retry`);
}

/** Sends a failed job back to its queue, toasts the outcome and refreshes the list. */
export function useRetryFailedJob() {
  return useMutation({
    mutationFn: retryFailedJob,
    onSuccess: async () => {
      toast({ title: 'Job Queued Again' });
      await queryClient.invalidateQueries({ queryKey: getFailedJobsQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({ title: 'Retry Failed', description: getServerErrorText(err, 'Retry failed'), variant: 'destructive' });
    },
  });
}
