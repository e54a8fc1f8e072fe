import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { MealType } from '@mealprep/contracts';
import { isSlug } from '@mealprep/contracts/browser';
import { queryOptions, useQuery } from '@mealprep/query';

export async function getMealType(slug: string, signal?: AbortSignal): Promise<MealType> {
  return apiClient.get<MealType>(`/catalog/meal-types/${encodeURIComponent(slug)}`, { signal });
}

/** A slug that cannot exist is answered "Meal Type Not Found" without a request. */
export function isPossibleMealTypeSlug(slug: string): boolean {
  return isSlug(slug);
}

export function mealTypeQueryOptions(slug: string) {
  return queryOptions({
    // The same for every visitor: fetched by the server render and handed to the page, its
    // answer included when it is a not-found or refused one (not asked again when the page mounts).
    meta: publicRead(`/catalog/meal-types/${encodeURIComponent(slug)}`),
    retryOnMount: false,
    queryKey: queryKeys.mealTypes.detail(slug),
    queryFn: ({ signal }) => getMealType(slug, signal),
    enabled: isPossibleMealTypeSlug(slug),
  });
}

export function useMealType(slug: string) {
  return useQuery(mealTypeQueryOptions(slug));
}
