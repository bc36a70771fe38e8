import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * A query client with the app's defaults (SPEC §7): reads are never refetched on an interval or on
 * window focus, never go stale and are not retried; writes are not retried. The default
 * `queryFn` GETs the query key as a URL, so `useQuery({ queryKey: ['/api/avatars'] })` works.
 * The browser uses one ({@link queryClient}); the server-side render makes one per request.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The app's single query client in the browser. */
export const queryClient = createQueryClient();
