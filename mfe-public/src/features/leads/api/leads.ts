import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { LeadAnswer, LeadForm } from '@mealprep/contracts';
import { queryOptions, useMutation, useQuery } from '@mealprep/query';

const formPath = (slug: string) => `/catalog/services/by-slug/${encodeURIComponent(slug)}/lead-form`;

/**
 * A listing's quote form: its signed token (when it was shown) and its proof-of-work challenge.
 * The quote page's server render reads it (the answer is no-store, so the page is never kept for
 * another visitor); it is never read again while the form is open, so the time it was shown stays.
 */
export function leadFormQueryOptions(slug: string) {
  return queryOptions({
    meta: publicRead(formPath(slug)),
    queryKey: queryKeys.leadForm(slug),
    queryFn: ({ signal }) => apiClient.get<LeadForm>(formPath(slug), { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useLeadForm(slug: string, enabled = true) {
  return useQuery({ ...leadFormQueryOptions(slug), enabled });
}

/** What the form sends: its fields as the API takes them. */
export interface LeadSending {
  name: string;
  email: string;
  zip: string;
  mealTypes: string[];
  mealsPerWeek: number;
  startDate: string;
  fulfilment: string;
  message: string;
  website: string;
  formToken: string;
  altcha?: string;
}

export function useSendLead(serviceId: string) {
  return useMutation({ mutationFn: (body: LeadSending) => apiClient.post<LeadAnswer>(`/catalog/services/${encodeURIComponent(serviceId)}/leads`, body) });
}

/** The visitor's delete link, from the copy mailed to them. */
export function useDeleteLead() {
  return useMutation({ mutationFn: (token: string) => apiClient.post<void>('/catalog/leads/delete', { token }) });
}
