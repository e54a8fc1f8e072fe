import '@mealprep/ui/styles.css';
import { QueryClient, QueryClientProvider } from '@mealprep/query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@mealprep/router';
import AdminRoutes from './routes';

// Standalone harness for working on this remote alone (rspack serve); in the site the shell
// provides the router and the QueryClient.
const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <BrowserRouter>
          <AdminRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
