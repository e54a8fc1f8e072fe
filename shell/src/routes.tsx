import { Route, Routes } from '@mealprep/router';
import type { AnalyticsLoader } from './features/analytics/analytics-loader';
import { PageAnalytics } from './features/analytics/components/page-analytics';
import { PublicLayout } from './features/layout/components/public-layout';
import { RouteErrorBoundary } from './features/layout/components/route-error';
import { ScrollToTop } from './features/layout/components/scroll-to-top';
import { RemoteArea } from './features/remotes/components/remote-area';
import type { RemoteRoutesLoader } from './features/remotes/federation';

export interface ShellRouteDeps {
  loadPublicRoutes: RemoteRoutesLoader;
  /** Absent in tests that are not about analytics. */
  loadAnalytics?: AnalyticsLoader;
}

/**
 * The shell's route table, rendered inside the app's <BrowserRouter> (a <MemoryRouter> in tests).
 * Every route shares the scroll reset and the location reports; every public path belongs to
 * mfe-public, which renders its own <Routes> (its 404 included). /login and /dashboard arrive with
 * later issues. A plain router rather than a data router: the shell uses no loaders or actions, and
 * the data router is most of react-router's weight.
 */
export function ShellRoutes({ loadPublicRoutes, loadAnalytics }: ShellRouteDeps) {
  return (
    <RouteErrorBoundary>
      <ScrollToTop />
      {loadAnalytics && <PageAnalytics load={loadAnalytics} />}
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="*" element={<RemoteArea load={loadPublicRoutes} />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
