import { isApiError, serverMessage } from '@mealprep/api-client';

/** The error's reason (the server's message), else the fallback of spec §8. */
export function messageOf(error: unknown, fallback: string): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof Error && error.message && !isApiError(error)) return error.message;
  return fallback;
}

/**
 * Only a dashboard page of this site, or a service's page (a visitor who signs in to review it goes
 * back to it): never another origin (`//evil.example`) or a script URL.
 */
export function safeNext(value: string | null): string {
  return value && /^\/(?:dashboard(?:\/[A-Za-z0-9/_-]*)?|service\/[a-z0-9-]{1,200})$/.test(value) ? value : '/dashboard';
}

export const INVALID_EMAIL = 'Please enter a valid email address.';

export const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-500 ' +
  'focus:border-emerald-600 focus:outline-2 focus:outline-emerald-600 dark:border-gray-600 dark:bg-gray-900 dark:text-white dark:placeholder:text-gray-400';
