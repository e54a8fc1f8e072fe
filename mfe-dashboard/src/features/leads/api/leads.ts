import { apiClient, queryKeys } from '@mealprep/api-client';
import type { LeadChange, LeadMailMode, LeadPage, LeadSettings, LeadView } from '@mealprep/contracts';
import { queryOptions, useMutation, useQueryClient } from '@mealprep/query';

export type LeadListView = 'inbox' | 'held' | 'all';
export interface LeadListParams {
  view: LeadListView;
  status: string;
  page: number;
}

const search = ({ view, status, page }: LeadListParams) => {
  const params = new URLSearchParams();
  if (view !== 'inbox') params.set('view', view);
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  return params.toString();
};

/** A page of the inbox (or staff's lists): under 'leads', so a request arriving or changing refreshes it live. */
export const leadPageQuery = (params: LeadListParams) =>
  queryOptions({
    queryKey: queryKeys.leads.page({ view: params.view, status: params.status, page: String(params.page) }),
    queryFn: ({ signal }) => {
      const query = search(params);
      return apiClient.get<LeadPage>(`/catalog/leads${query ? `?${query}` : ''}`, { signal });
    },
    placeholderData: (previous) => previous,
  });

/** Where the CSV of the caller's requests is downloaded from (a plain link: the browser saves it). */
export const LEADS_CSV_URL = '/api/catalog/leads/export.csv';

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.leads.all });
}

export function useChangeLead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: LeadChange }) => apiClient.request<LeadView>(`/catalog/leads/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }),
    onSuccess: refresh,
  });
}

/** Staff: let a held request through to its owner, or mark it spam (its sender is kept from sending for 30 days). */
export function useStaffLeadAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'approve' | 'spam' }) => apiClient.post<LeadView>(`/catalog/admin/leads/${encodeURIComponent(id)}/${action}`, {}),
    onSuccess: refresh,
  });
}

/** Where and how the signed-in owner's requests are mailed. */
export const leadSettingsQuery = queryOptions({
  queryKey: queryKeys.leadSettings,
  queryFn: ({ signal }) => apiClient.get<LeadSettings>('/auth/lead-settings', { signal }),
});

/** Another address (mailed a link to confirm it first) or null for the sign-in address, and each request or a daily digest. */
export function useChangeLeadSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { address: string | null; mode: LeadMailMode }) => apiClient.request<LeadSettings>('/auth/lead-settings', { method: 'PUT', body: change }),
    onSuccess: (settings) => client.setQueryData(queryKeys.leadSettings, settings),
  });
}
