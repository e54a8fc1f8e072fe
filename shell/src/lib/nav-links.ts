export interface NavLinkItem {
  to: string;
  label: string;
}

export const HEADER_LINKS: readonly NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/find-service', label: 'Find a Service' },
  { to: '/add-your-service', label: 'Add Your Service' },
];

/** The last header link: Login when signed out, Dashboard when signed in. */
export const LOGIN_LINK: NavLinkItem = { to: '/login', label: 'Login' };
export const DASHBOARD_LINK: NavLinkItem = { to: '/dashboard', label: 'Dashboard' };

export const FOOTER_LINKS: readonly NavLinkItem[] = [
  { to: '/services-by-state', label: 'Services by State' },
  { to: '/services-by-meal-type', label: 'Services by Meal Type' },
  { to: '/services-that-ship', label: 'Services That Ship' },
  { to: '/find-service', label: 'Find a Service' },
  { to: '/about', label: 'About' },
  { to: '/articles', label: 'Blog / Articles' },
];

/** The look of a navigation link in the header and the dashboard sidebar; the current one is marked. */
export function navLinkClass({ isActive }: { isActive: boolean }): string {
  return [
    'block rounded-md px-3 py-2 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600',
    isActive
      ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
      : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white',
  ].join(' ');
}
