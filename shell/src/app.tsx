import { shouldRetry } from '@mealprep/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { useLiveInvalidation } from './features/live/hooks/use-live-invalidation';
import type { LiveSubscriber } from './features/live/live-invalidation';
import { createRoutes, type ShellRouteDeps } from './routes';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}

export interface AppProps extends ShellRouteDeps {
  /** Replaced in tests; the default listens to /api/live. */
  subscribeLive?: LiveSubscriber;
}

/** The one QueryClient of the page: remotes reach it through the shared @tanstack/react-query singleton. */
export function App({ subscribeLive, ...deps }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(createRoutes(deps)));
  useLiveInvalidation(queryClient, subscribeLive);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
