import type { LoginLinkCheck, OwnedService, SessionUser } from '@mealprep/contracts';
import { apiClient } from './client';
import { queryKeys } from './query-keys';

/**
 * The signed-in user, shared by the shell and the remotes through the one QueryClient: every app
 * reads the same cache entry, and signing in or out updates them all at once.
 */
export const SESSION_QUERY_KEY = queryKeys.auth.me;
export const IS_ADMIN_QUERY_KEY = queryKeys.auth.isAdmin;
// Under the 'services' live topic, so a status change made elsewhere refreshes it.
export const MY_SERVICES_QUERY_KEY = queryKeys.services.mine;

export async function fetchSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  return (await apiClient.get<{ user: SessionUser | null }>('/auth/me', { signal })).user;
}

/** admin.isAdmin: false when signed out and when the check fails. */
export async function fetchIsAdmin(signal?: AbortSignal): Promise<boolean> {
  try {
    return (await apiClient.get<{ isAdmin: boolean }>('/auth/admin/is-admin', { signal })).isAdmin === true;
  } catch {
    return false;
  }
}

/** services.myServices: the user's own listings, oldest first. */
export async function fetchMyServices(signal?: AbortSignal): Promise<OwnedService[]> {
  return (await apiClient.get<{ items: OwnedService[] }>('/catalog/services/mine', { signal })).items;
}

export async function requestLoginLink(email: string): Promise<void> {
  await apiClient.post('/auth/login/request', { email });
}

export async function loginWithCode(email: string, code: string): Promise<SessionUser> {
  return (await apiClient.post<{ user: SessionUser }>('/auth/login/code', { email, code })).user;
}

/** Whom an e-mailed link signs in, while it still works; uses nothing (the page asks before it signs in). */
export async function checkLoginLink(loginToken: string, selector: string, signal?: AbortSignal): Promise<LoginLinkCheck> {
  return apiClient.post<LoginLinkCheck>('/auth/login/link/check', { loginToken, selector }, { signal });
}

export async function loginWithLink(loginToken: string, selector: string): Promise<SessionUser> {
  return (await apiClient.post<{ user: SessionUser }>('/auth/login/link', { loginToken, selector })).user;
}

export async function logout(): Promise<void> {
  await apiClient.post('/auth/logout');
}

export const sessionQuery = {
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSessionUser(signal),
  staleTime: 60_000,
} as const;

/** Asked once per page: a refused link stays refused, and a used one is not asked about again. */
export const loginLinkQuery = (loginToken: string, selector: string) =>
  ({
    queryKey: queryKeys.auth.loginLink(selector, loginToken),
    queryFn: ({ signal }: { signal?: AbortSignal }) => checkLoginLink(loginToken, selector, signal),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  }) as const;

export const isAdminQuery = {
  queryKey: IS_ADMIN_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchIsAdmin(signal),
  staleTime: 60_000,
} as const;

export const myServicesQuery = {
  queryKey: MY_SERVICES_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchMyServices(signal),
  staleTime: 30_000,
} as const;
