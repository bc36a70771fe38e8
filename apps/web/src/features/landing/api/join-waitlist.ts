import type { WaitlistEntry } from '@app/domain/waitlist';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';

/**
 * SPEC §7 POST /api/waitlist `{email, source}`: success is judged only by an OK status; the body
 * is not read.
 */
export async function joinWaitlist(email: string): Promise<void> {
  const entry: WaitlistEntry = { email, source: 'landing_page' };
  await apiRequest('POST', '/api/waitlist', entry);
}

/**
 * Joins the waitlist. Failures are only logged to the console (SPEC §4, §8): a refused request as
 * 'Failed to submit email', a request that never got an answer as 'Error submitting email'.
 */
export function useJoinWaitlist({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess,
    onError: (err) => {
      if (err instanceof ApiError) console.error('Failed to submit email');
      else console.error('Error submitting email', err);
    },
  });
}
