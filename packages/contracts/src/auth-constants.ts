// No zod here: shared with the front end through '@mealprep/contracts/browser'.

/** The session cookie: an opaque random token, HttpOnly, SameSite=Lax, Secure on https sites. */
export const SESSION_COOKIE = 'mealprep_session';
export const SESSION_MAX_AGE_DAYS = 90;

/** A sign-in link and its code live this long and work once. */
export const LOGIN_TOKEN_TTL_MINUTES = 10;
export const LOGIN_CODE_LENGTH = 6;
/** After this many wrong codes the code of that e-mail is dead. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
/** Sign-in e-mails: per address, and per client address. */
export const LOGIN_MAILS_PER_EMAIL = { max: 3, windowMinutes: 15 } as const;
export const LOGIN_MAILS_PER_IP = { max: 30, windowMinutes: 60 } as const;

/** Signed call from the gateway to a service's /internal routes; stripped by the gateway from outside. */
export const INTERNAL_HEADER = 'x-mealprep-internal';

export const AUTH_PATHS = {
  me: '/api/auth/me',
  isAdmin: '/api/auth/admin/is-admin',
  requestLink: '/api/auth/login/request',
  loginWithLink: '/api/auth/login/link',
  checkLink: '/api/auth/login/link/check',
  loginWithCode: '/api/auth/login/code',
  logout: '/api/auth/logout',
} as const;

/** What the browser learns about the signed-in user. */
export interface SessionUser {
  id: string;
  email: string;
  roles: Array<'admin'>;
}

/** The admin screens of the dashboard (mfe-admin), by their path under /dashboard, in sidebar order. */
export const ADMIN_SCREENS = [
  { path: 'banner-images', label: 'Banner Images' },
  { path: 'media', label: 'Media' },
  { path: 'services', label: 'Services' },
  { path: 'import-utilities', label: 'Import Utilities' },
  { path: 'service-utilities', label: 'Service Utilities' },
  // Not in the original, which left posts to the import alone.
  { path: 'blog', label: 'Blog' },
  // Claims of listings by their businesses (not in the original).
  { path: 'claims', label: 'Claims' },
  // Reviews the checks held or people reported (not in the original).
  { path: 'reviews', label: 'Reviews' },
  // The most viewed listings and the searches that found nothing (not in the original).
  { path: 'insights', label: 'Insights' },
  // The operator's name, colours, texts, mail sender and analytics ids, changed at run time (not in the original).
  { path: 'brand', label: 'Brand' },
] as const;

/** Whether a path under /dashboard is an admin screen (services/{id}/edit is the owner's editor). */
export function isAdminScreen(pathname: string): boolean {
  const parts = pathname
    .replace(/^\/dashboard\/?/, '')
    .split('/')
    .filter(Boolean);
  const first = parts[0];
  if (!first || !ADMIN_SCREENS.some((s) => s.path === first)) return false;
  return !(first === 'services' && parts.length > 1);
}
