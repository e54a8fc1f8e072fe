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

export const SOCIAL_LINK = { href: 'https://www.instagram.com/', label: 'Instagram' } as const;
