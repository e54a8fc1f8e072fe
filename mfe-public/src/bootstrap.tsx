import '@mealprep/ui/styles.css';
import { shouldRetry } from '@mealprep/api-client';
import { QueryClient, QueryClientProvider } from '@mealprep/query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@mealprep/router';
import PublicRoutes from './routes';

// Standalone harness for working on this remote alone (rspack serve); in the site the shell
// provides the router and the QueryClient.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <main className="mx-auto max-w-7xl px-4 py-8">
            <PublicRoutes />
          </main>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
