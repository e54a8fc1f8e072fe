import { Route, Routes } from '@mealprep/router';
import type { AnalyticsLoader } from './features/analytics/analytics-loader';
import { PageAnalytics } from './features/analytics/components/page-analytics';
import { PublicLayout } from './features/layout/components/public-layout';
import { RouteErrorBoundary } from './features/layout/components/route-error';
import { ScrollToTop } from './features/layout/components/scroll-to-top';
import { Loading } from '@mealprep/ui';
import { lazy, Suspense, type ReactNode } from 'react';
import { RemoteArea } from './lib/remote-area';
import type { RemoteRoutesLoader } from './lib/federation';

// The sign-in page and the dashboard's frame are loaded when they are opened: a visitor of the
// public pages (most of them, and all of the server-rendered ones) never downloads them.
const LoginPage = lazy(() => import('./features/auth/components/login-page').then((m) => ({ default: m.LoginPage })));
const SignedInFrame = lazy(() => import('./features/dashboard/components/signed-in-frame').then((m) => ({ default: m.SignedInFrame })));
const DashboardArea = lazy(() => import('./features/dashboard/components/dashboard-area').then((m) => ({ default: m.DashboardArea })));

const whenLoaded = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

export interface ShellRouteDeps {
  loadPublicRoutes: RemoteRoutesLoader;
  loadDashboardRoutes: RemoteRoutesLoader;
  loadAdminRoutes: RemoteRoutesLoader;
  /** Absent in tests that are not about analytics. */
  loadAnalytics?: AnalyticsLoader;
}

/**
 * The shell's route table, rendered inside the app's <BrowserRouter> (a <MemoryRouter> in tests).
 * Every route shares the scroll reset and the location reports; every public path belongs to
 * mfe-public, which renders its own <Routes> (its 404 included); /login is the shell's own; under
 * /dashboard (signed-in users only) the shell's frame holds mfe-dashboard or mfe-admin. A plain router rather than a data router: the shell uses no loaders or actions, and
 * the data router is most of react-router's weight.
 */
export function ShellRoutes({ loadPublicRoutes, loadDashboardRoutes, loadAdminRoutes, loadAnalytics }: ShellRouteDeps) {
  return (
    <RouteErrorBoundary>
      <ScrollToTop />
      {loadAnalytics && <PageAnalytics load={loadAnalytics} />}
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="login" element={whenLoaded(<LoginPage />)} />
          <Route path="*" element={<RemoteArea load={loadPublicRoutes} />} />
        </Route>
        <Route path="dashboard" element={whenLoaded(<SignedInFrame />)}>
          <Route index element={whenLoaded(<DashboardArea loadDashboard={loadDashboardRoutes} loadAdmin={loadAdminRoutes} />)} />
          <Route path="*" element={whenLoaded(<DashboardArea loadDashboard={loadDashboardRoutes} loadAdmin={loadAdminRoutes} />)} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
