import { QueryClient, QueryClientProvider } from '@mealprep/query';
import { render } from '@testing-library/react';
import { Route, Routes } from '@mealprep/router';
import { LocationProbe, MemoryRouter } from '@mealprep/router/testing';
import DashboardRoutes from '../routes';

/** Mounts the exposed routes the way the shell does: under /dashboard, with a QueryClient of its own (or the one given). */
export function renderDashboardAt(path: string, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard/*" element={<DashboardRoutes />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
