import { Outlet, type RouteObject } from 'react-router-dom';
import type { AnalyticsLoader } from './features/analytics/analytics-loader';
import { PageAnalytics } from './features/analytics/components/page-analytics';
import { PublicLayout } from './features/layout/components/public-layout';
import { RouteError } from './features/layout/components/route-error';
import { ScrollToTop } from './features/layout/components/scroll-to-top';
import { RemoteArea } from './features/remotes/components/remote-area';
import type { RemoteRoutesLoader } from './features/remotes/federation';

export interface ShellRouteDeps {
  loadPublicRoutes: RemoteRoutesLoader;
  /** Absent in tests that are not about analytics. */
  loadAnalytics?: AnalyticsLoader;
}

/** What every route shares whatever its layout: the scroll reset and the location reports. */
function RootFrame({ loadAnalytics }: Pick<ShellRouteDeps, 'loadAnalytics'>) {
  return (
    <>
      <ScrollToTop />
      {loadAnalytics && <PageAnalytics load={loadAnalytics} />}
      <Outlet />
    </>
  );
}

/**
 * The shell's route table. Every public path belongs to mfe-public, which renders its own routes
 * (its 404 included). /login and /dashboard arrive with later issues.
 */
export function createRoutes({ loadPublicRoutes, loadAnalytics }: ShellRouteDeps): RouteObject[] {
  return [
    {
      element: <RootFrame loadAnalytics={loadAnalytics} />,
      errorElement: <RouteError />,
      children: [
        {
          element: <PublicLayout />,
          children: [{ path: '*', element: <RemoteArea load={loadPublicRoutes} /> }],
        },
      ],
    },
  ];
}
