import { RequireSession } from '../../../lib/require-session';
import { DashboardLayout } from './dashboard-layout';

/** The dashboard's frame for a signed-in person (one chunk, loaded when /dashboard is opened). */
export function SignedInFrame() {
  return (
    <RequireSession>
      <DashboardLayout />
    </RequireSession>
  );
}
