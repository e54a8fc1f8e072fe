import { Loading } from '@mealprep/ui';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from '@mealprep/router';
import { useIsAdmin, useSession } from './use-session';

/** The dashboard is for signed-in users: anyone else goes to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const { pathname } = useLocation();
  if (isLoading) return <Loading />;
  // After signing in, the user comes back to the page they asked for.
  if (!user) return <Navigate to={pathname === '/dashboard' ? '/login' : `/login?${new URLSearchParams({ next: pathname }).toString()}`} replace />;
  return children;
}

/** Admin screens: visitors go to /login, signed-in users who are not admins to /dashboard. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useSession();
  const admin = useIsAdmin(Boolean(user));
  if (isLoading || admin.isLoading) return <Loading />;
  if (!user) return <Navigate to="/login" replace />;
  if (!admin.isAdmin) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
}
