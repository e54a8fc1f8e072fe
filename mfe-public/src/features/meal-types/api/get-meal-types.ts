import { apiClient, PUBLIC_QUERY } from '@mealprep/api-client';
import type { MealType, MealTypeList } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@mealprep/query';

export async function getMealTypes(signal?: AbortSignal): Promise<MealType[]> {
  const list = await apiClient.get<MealTypeList>('/catalog/meal-types', { signal });
  return list.items;
}

export function mealTypesQueryOptions() {
  return queryOptions({
    // The same for every visitor: fetched by the server render and handed to the page, its
    // answer included when it is a not-found or refused one (not asked again when the page mounts).
    meta: PUBLIC_QUERY,
    retryOnMount: false,
    queryKey: ['meal-types', 'list'],
    queryFn: ({ signal }) => getMealTypes(signal),
  });
}

export function useMealTypes() {
  return useQuery(mealTypesQueryOptions());
}
