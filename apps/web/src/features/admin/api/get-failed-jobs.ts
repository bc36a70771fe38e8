import type { FailedJob } from '@app/domain/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/admin/jobs/failed: background jobs that failed their last attempt (admins only). */
export async function getFailedJobs(): Promise<FailedJob[]> {
  const res = await apiRequest('GET', '/api/admin/jobs/failed');
  return (await res.json()) as FailedJob[];
}

/** Query options of the failed-jobs list. */
export function getFailedJobsQueryOptions() {
  return queryOptions({ queryKey: ['/api/admin/jobs/failed'], queryFn: getFailedJobs });
}

/** Dead-lettered jobs, for the admin page. */
export function useFailedJobs() {
  return useQuery(getFailedJobsQueryOptions());
}
