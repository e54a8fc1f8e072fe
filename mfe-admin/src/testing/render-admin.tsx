import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Route, Routes, useLocation } from '@mealprep/router';
import { MemoryRouter } from '@mealprep/router/testing';
import AdminRoutes from '../routes';

/** Shows the router's current URL, so tests can assert what the filters put in it. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** Mounts the exposed routes the way the shell does: under /dashboard, with a QueryClient. */
export function renderAdminAt(path: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard/*" element={<AdminRoutes />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
