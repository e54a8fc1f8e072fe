import { apiClient, queryKeys } from '@mealprep/api-client';
import type { AdminServiceList, ServiceStatus } from '@mealprep/contracts';
import { keepPreviousData, queryOptions } from '@mealprep/query';
import { useAdminMutation, type AdminCall } from '../../../lib/admin-actions';

export interface AdminFilters {
  q: string;
  status: string;
  featured: string;
  mealType: string;
  page: number;
}

export const ADMIN_PAGE_SIZE = 20;

/** Under the 'services' live topic: changes made anywhere refresh the table. */
export const adminServicesQuery = (filters: AdminFilters) => {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim().slice(0, 100));
  if (filters.status) params.set('status', filters.status);
  if (filters.featured) params.set('featured', filters.featured);
  if (filters.mealType) params.set('mealType', filters.mealType);
  params.set('page', String(filters.page));
  params.set('pageSize', String(ADMIN_PAGE_SIZE));
  return queryOptions({
    queryKey: queryKeys.services.admin(Object.fromEntries(params)),
    queryFn: ({ signal }) => apiClient.get<AdminServiceList>(`/catalog/admin/services?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

export { mealTypesQuery } from '@mealprep/api-client';

const base = '/catalog/admin/services';
/** What an admin does to services: on one row (its own endpoint) or on the selection (the bulk one). */
export type ServiceAction = { kind: 'status'; status: ServiceStatus } | { kind: 'feature'; days: number } | { kind: 'unfeature' } | { kind: 'remove' };

function one(id: string, action: ServiceAction) {
  switch (action.kind) {
    case 'status':
      return apiClient.request(`${base}/${id}/status`, { method: 'PATCH', body: { status: action.status } });
    case 'feature':
      return apiClient.post(`${base}/${id}/feature`, { days: action.days });
    case 'unfeature':
      return apiClient.post(`${base}/${id}/unfeature`);
    case 'remove':
      return apiClient.request(`${base}/${id}`, { method: 'DELETE' });
  }
}

function bulk(ids: readonly string[], action: ServiceAction) {
  switch (action.kind) {
    case 'status':
      return apiClient.post(`${base}/bulk/status`, { ids, status: action.status });
    case 'feature':
      return apiClient.post(`${base}/bulk/feature`, { ids, days: action.days });
    case 'unfeature':
      return apiClient.post(`${base}/bulk/unfeature`, { ids });
    case 'remove':
      return apiClient.post(`${base}/bulk/delete`, { ids });
  }
}

/**
 * Runs an action on one service (`id`) or on the selected ones (`ids`); selected rows it was
 * `about` leave the selection when it succeeds. The table (the 'services' topic) refreshes either way.
 */
export const useAdminServiceAction = (selection: { drop: (ids: readonly string[]) => void }) =>
  useAdminMutation(
    ['services'],
    (call: AdminCall & { action: ServiceAction } & ({ id: string } | { ids: readonly string[] })) => ('id' in call ? one(call.id, call.action) : bulk(call.ids, call.action)),
    selection,
  );

/** Featured duration in days: a number, at least 1; anything else falls back to 30 (spec §5). */
export function featureDays(answer: string | null): number | null {
  if (answer === null) return null;
  const days = Math.floor(Number(answer.trim()));
  if (!answer.trim() || !Number.isFinite(days)) return 30;
  return Math.max(1, days);
}
