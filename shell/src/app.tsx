import { shouldRetry } from '@mealprep/api-client';
import { BrowserRouter } from '@mealprep/router';
import { QueryClient, QueryClientProvider } from '@mealprep/query';
import { useState } from 'react';
import { useLiveInvalidation } from './features/live/hooks/use-live-invalidation';
import type { LiveSubscriber } from './features/live/live-invalidation';
import { ShellRoutes, type ShellRouteDeps } from './routes';

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
  /** The page's QueryClient when the bootstrap made it (to put the server render's data in first). */
  queryClient?: QueryClient;
  /** When a server-rendered page's data was read: the live stream asks for the changes since. */
  renderedAt?: number;
}

/**
 * The one QueryClient and the one router of the page: remotes reach them through the shared
 * @tanstack/react-query and @mealprep/router singletons.
 */
export function App({ subscribeLive, queryClient: given, renderedAt, ...deps }: AppProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useLiveInvalidation(queryClient, subscribeLive, renderedAt);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ShellRoutes {...deps} />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
