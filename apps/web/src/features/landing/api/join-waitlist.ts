import type { WaitlistEntry } from '@app/domain/waitlist';
import { startTransition, useActionState } from 'react';
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
 * React's `useActionState` keeps the pending/success state (no TanStack mutation here: the landing's
 * initial JavaScript stays under 100 KB gzip).
 * @returns `join(email)`, `isPending`, and `isSuccess` (the last sign-up went through)
 */
export function useJoinWaitlist({ onSuccess }: { onSuccess?: () => void } = {}) {
  const [status, dispatch, isPending] = useActionState(
    async (_previous: 'idle' | 'joined' | 'failed', email: string) => {
      try {
        await joinWaitlist(email);
        onSuccess?.();
        return 'joined' as const;
      } catch (err) {
        if (err instanceof ApiError) console.error('Failed to submit email');
        else console.error('Error submitting email', err);
        return 'failed' as const;
      }
    },
    'idle',
  );
  return {
    join: (email: string) => startTransition(() => dispatch(email)),
    isPending,
    isSuccess: status === 'joined' && !isPending,
  };
}
