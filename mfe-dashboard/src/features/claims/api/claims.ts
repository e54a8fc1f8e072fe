import { apiClient, MY_SERVICES_QUERY_KEY, queryKeys } from '@mealprep/api-client';
import type { Claim, ClaimCheck, ClaimList } from '@mealprep/contracts';
import { queryOptions, useMutation, useQueryClient } from '@mealprep/query';

/** What a claim of the listing by the signed-in person would do (granted at once, or a note for our team). */
export const claimCheckQuery = (serviceId: string) =>
  queryOptions({
    queryKey: queryKeys.claims.check(serviceId),
    queryFn: ({ signal }) => apiClient.get<ClaimCheck>(`/catalog/services/${encodeURIComponent(serviceId)}/claim`, { signal }),
    retry: false,
  });

export const myClaimsQuery = queryOptions({
  queryKey: queryKeys.claims.mine,
  queryFn: ({ signal }) => apiClient.get<ClaimList>('/catalog/claims/mine', { signal }),
});

/** Sends the claim; a granted one makes the listing theirs, so their list of listings is read again. */
export function useSubmitClaim(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => apiClient.post<Claim>(`/catalog/services/${encodeURIComponent(serviceId)}/claims`, note ? { note } : {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.claims.mine });
      void queryClient.invalidateQueries({ queryKey: MY_SERVICES_QUERY_KEY });
    },
  });
}
