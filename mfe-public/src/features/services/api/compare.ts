import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { CompareResult } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@mealprep/query';

const comparePathOf = (slugs: readonly string[], place: string) => {
  const params = new URLSearchParams({ s: slugs.join(',') });
  if (place) params.set('place', place);
  return `/catalog/services/compare?${params.toString()}`;
};

/** The listings compared (up to four), with their distance from a place when one is given: the same for everyone, read by the server render. */
export function compareQueryOptions(slugs: readonly string[], place: string) {
  const path = comparePathOf(slugs, place);
  return queryOptions({
    meta: publicRead(path),
    retryOnMount: false,
    // Under 'services': a compared listing changed or unpublished refreshes the page.
    queryKey: queryKeys.services.compare(slugs.join(','), place),
    queryFn: ({ signal }) => apiClient.get<CompareResult>(path, { signal }),
    enabled: slugs.length > 0,
  });
}

export function useCompare(slugs: readonly string[], place: string) {
  return useQuery(compareQueryOptions(slugs, place));
}
