import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useToast } from '@/hooks/use-toast';
import { queryClient } from '@/lib/query-client';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the toaster (Radix Toast) when the first toast is raised and keeps it mounted, so pages
 * that never toast — the landing page — do not download it.
 */
function ToasterOnDemand() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * Everything the whole app needs around it: the query client and the toaster. The tooltip provider
 * (SPEC §9 timings) is mounted by the page layouts, which are loaded lazily, for the same reason.
 * @param client the query client; the app's own unless given (the server-side render gives one per request)
 */
export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToasterOnDemand />
    </QueryClientProvider>
  );
}
