import { logout, MY_SERVICES_QUERY_KEY, SESSION_QUERY_KEY, queryKeys } from '@mealprep/api-client';
import { ADMIN_SCREENS } from '@mealprep/contracts/browser';
import { Button } from '@mealprep/ui';
import { useQueryClient } from '@mealprep/query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from '@mealprep/router';
import { useIsAdmin, useMyServices, useSession } from '../../../lib/use-session';
import { navLinkClass } from '../../../lib/nav-links';
import { ThemeSwitch } from '../../../lib/theme-switch';
import { useShownBrand } from '../../../lib/site-names';

/** The dashboard frame: the sidebar of spec §2 and, beside it, the screen of the current route. */
export function DashboardLayout() {
  const { siteName, shortName } = useShownBrand();
  const { user } = useSession();
  const { isAdmin } = useIsAdmin(Boolean(user));
  const myServices = useMyServices(Boolean(user));
  const firstService = myServices.data?.[0];
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  // Below the md width the sidebar folds behind a Menu button; it folds again on every navigation.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
    } finally {
      // Whatever the server said, this page forgets the user.
      queryClient.removeQueries({ queryKey: queryKeys.auth.all });
      queryClient.removeQueries({ queryKey: MY_SERVICES_QUERY_KEY });
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      void navigate('/login', { replace: true });
    }
  };

  return (
    <div className="flex min-h-screen flex-col lg:flex-row">
      <aside className="flex flex-col border-b border-gray-200 bg-white lg:sticky lg:top-0 lg:h-screen lg:w-64 lg:shrink-0 lg:border-b-0 lg:border-r dark:border-gray-800 dark:bg-gray-950">
        <div className="flex items-start justify-between gap-3 px-4 py-5">
          <div className="min-w-0">
            <p className="text-lg font-bold tracking-tight">{shortName} Dashboard</p>
            <p className="mt-1 truncate text-sm text-gray-600 dark:text-gray-400" data-testid="dashboard-user-email">
              {user?.email}
            </p>
          </div>
          <Button ref={menuButton} variant="outline" size="sm" className="md:hidden" aria-expanded={menuOpen} aria-controls="dashboard-menu" onClick={() => setMenuOpen((open) => !open)}>
            Menu
          </Button>
        </div>
        <div id="dashboard-menu" onKeyDown={onMenuKey} className={`${menuOpen ? 'flex' : 'hidden'} flex-1 flex-col md:flex`}>
          <nav aria-label="Dashboard" className="flex-1 px-2">
            <ul className="space-y-1">
              <li>
                <NavLink to="/dashboard" end className={navLinkClass}>
                  Dashboard
                </NavLink>
              </li>
              {firstService && (
                <li>
                  <NavLink to={`/dashboard/services/${firstService.id}/edit`} className={navLinkClass}>
                    Edit My Service
                  </NavLink>
                </li>
              )}
              {isAdmin &&
                ADMIN_SCREENS.map((screen) => (
                  <li key={screen.path}>
                    <NavLink to={`/dashboard/${screen.path}`} end={screen.path === 'services'} className={navLinkClass}>
                      {screen.label}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
          <div className="space-y-2 border-t border-gray-200 px-4 py-4 dark:border-gray-800">
            <div className="flex items-center gap-2">
              <Button variant="outline" size="sm" onClick={() => void navigate('/')}>
                Exit admin
              </Button>
              <Button variant="secondary" size="sm" onClick={() => void onLogout()} disabled={leaving}>
                Log out
              </Button>
              <ThemeSwitch />
            </div>
            <Link to="/" className="block text-sm text-gray-600 hover:underline dark:text-gray-400">
              ← {siteName}
            </Link>
          </div>
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:px-10">
        <Outlet />
      </main>
    </div>
  );
}
