import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { PublicService } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@mealprep/query';

/** Longer than any slug the catalogue makes; such a URL is answered "Service Not Found" without a call. */
const MAX_SLUG_LENGTH = 200;

export function isPossibleServiceSlug(slug: string): boolean {
  return slug.trim().length > 0 && slug.length <= MAX_SLUG_LENGTH;
}

export async function getService(slug: string, signal?: AbortSignal): Promise<PublicService> {
  return apiClient.get<PublicService>(`/catalog/services/by-slug/${encodeURIComponent(slug)}`, { signal });
}

export function serviceQueryOptions(slug: string) {
  return queryOptions({
    // The same for every visitor: fetched by the server render and handed to the page, its
    // answer included when it is a not-found or refused one (not asked again when the page mounts).
    meta: publicRead(`/catalog/services/by-slug/${encodeURIComponent(slug)}`),
    retryOnMount: false,
    queryKey: queryKeys.services.detail(slug),
    queryFn: ({ signal }) => getService(slug, signal),
    enabled: isPossibleServiceSlug(slug),
  });
}

export function useService(slug: string) {
  return useQuery(serviceQueryOptions(slug));
}
