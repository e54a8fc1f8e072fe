import { isAdminScreen } from '@mealprep/contracts/browser';
import { useLocation } from '@mealprep/router';
import { RequireAdmin } from '../../../lib/require-session';
import { RemoteArea } from '../../../lib/remote-area';
import type { RemoteRoutesLoader } from '../../../lib/federation';

/**
 * Everything under /dashboard: the admin screens come from mfe-admin (admins only), the rest from
 * mfe-dashboard. Both remotes route relative to /dashboard.
 */
export function DashboardArea({ loadDashboard, loadAdmin }: { loadDashboard: RemoteRoutesLoader; loadAdmin: RemoteRoutesLoader }) {
  const { pathname } = useLocation();
  if (isAdminScreen(pathname)) {
    return (
      <RequireAdmin>
        <RemoteArea load={loadAdmin} />
      </RequireAdmin>
    );
  }
  return <RemoteArea load={loadDashboard} />;
}
