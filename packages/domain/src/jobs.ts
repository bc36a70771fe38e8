/**
 * Background jobs as the admin page shows them: jobs that failed their last attempt and
 * sit in the dead-letter queue, and the answer to sending one back.
 */
import { z } from 'zod';

/** A dead-lettered job: GET /api/admin/jobs/failed. Times are ISO strings. */
export const FailedJobSchema = z.object({
  /** The dead letter's id (what retry takes). */
  id: z.string(),
  /** The queue it failed on, e.g. agent-tasks, stripe-events. */
  queue: z.string(),
  data: z.unknown(),
  /** The last attempt's error message. */
  error: z.string(),
  /** Attempts made (1 + retries). */
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export type FailedJob = z.infer<typeof FailedJobSchema>;

/** Path params of POST /api/admin/jobs/failed/:id/retry. */
export const FailedJobParamsSchema = z.object({ id: z.string().uuid() });

/** POST /api/admin/jobs/failed/:id/retry → the job is queued again with fresh retries. */
export const RetryJobResultSchema = z.object({ retried: z.literal(true) });
