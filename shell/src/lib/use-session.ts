import { isAdminQuery, myServicesQuery, sessionQuery, shouldRetry } from '@mealprep/api-client';
import type { SessionUser } from '@mealprep/contracts';
import { useQuery } from '@mealprep/query';

/** The signed-in user (null when signed out); `isLoading` until the first answer. */
export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const query = useQuery({ ...sessionQuery, retry: shouldRetry });
  return { user: query.data ?? null, isLoading: query.isPending && query.fetchStatus !== 'idle' };
}

/** admin.isAdmin for the current user: loading, then true or false (false on failure or signed out). */
export function useIsAdmin(enabled: boolean): { isAdmin: boolean; isLoading: boolean } {
  const query = useQuery({ ...isAdminQuery, enabled });
  return { isAdmin: query.data === true, isLoading: enabled && query.isPending };
}

export function useMyServices(enabled: boolean) {
  return useQuery({ ...myServicesQuery, enabled });
}
