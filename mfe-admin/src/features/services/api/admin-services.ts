import { apiClient, queryKeys } from '@mealprep/api-client';
import type { AdminServiceList, ServiceStatus } from '@mealprep/contracts';
import { keepPreviousData, queryOptions } from '@mealprep/query';

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
export const adminApi = {
  setStatus: (id: string, status: ServiceStatus) => apiClient.request(`${base}/${id}/status`, { method: 'PATCH', body: { status } }),
  bulkStatus: (ids: string[], status: ServiceStatus) => apiClient.post(`${base}/bulk/status`, { ids, status }),
  feature: (id: string, days: number) => apiClient.post(`${base}/${id}/feature`, { days }),
  bulkFeature: (ids: string[], days: number) => apiClient.post(`${base}/bulk/feature`, { ids, days }),
  unfeature: (id: string) => apiClient.post(`${base}/${id}/unfeature`),
  bulkUnfeature: (ids: string[]) => apiClient.post(`${base}/bulk/unfeature`, { ids }),
  remove: (id: string) => apiClient.request(`${base}/${id}`, { method: 'DELETE' }),
  bulkRemove: (ids: string[]) => apiClient.post(`${base}/bulk/delete`, { ids }),
};

/** Featured duration in days: a number, at least 1; anything else falls back to 30 (spec §5). */
export function featureDays(answer: string | null): number | null {
  if (answer === null) return null;
  const days = Math.floor(Number(answer.trim()));
  if (!answer.trim() || !Number.isFinite(days)) return 30;
  return Math.max(1, days);
}
