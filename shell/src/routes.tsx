import type { RouteObject } from 'react-router-dom';
import { PublicLayout } from './features/layout/components/public-layout';
import { RouteError } from './features/layout/components/route-error';
import { RemoteArea } from './features/remotes/components/remote-area';
import type { RemoteRoutesLoader } from './features/remotes/federation';

export interface ShellRouteDeps {
  loadPublicRoutes: RemoteRoutesLoader;
}

/**
 * The shell's route table. Every public path belongs to mfe-public, which renders its own routes
 * (its 404 included). /login and /dashboard arrive with later issues.
 */
export function createRoutes({ loadPublicRoutes }: ShellRouteDeps): RouteObject[] {
  return [
    {
      element: <PublicLayout />,
      errorElement: <RouteError />,
      children: [{ path: '*', element: <RemoteArea load={loadPublicRoutes} /> }],
    },
  ];
}
