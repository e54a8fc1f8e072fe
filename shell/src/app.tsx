import { shouldRetry } from '@mealprep/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createRoutes, type ShellRouteDeps } from './routes';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}

/** The one QueryClient of the page: remotes reach it through the shared @tanstack/react-query singleton. */
export function App(deps: ShellRouteDeps) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(createRoutes(deps)));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
