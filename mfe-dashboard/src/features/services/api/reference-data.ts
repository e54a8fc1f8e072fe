import { apiClient } from '@mealprep/api-client';
import type { GeoRegionList, MealTypeList } from '@mealprep/contracts';
import { queryOptions } from '@mealprep/query';

/** The same cache entries as the public pages use (['meal-types', 'list'], ['regions', 'list']). */
export const mealTypesQuery = queryOptions({
  queryKey: ['meal-types', 'list'],
  queryFn: async ({ signal }) => (await apiClient.get<MealTypeList>('/catalog/meal-types', { signal })).items,
  staleTime: 300_000,
});

export const statesQuery = queryOptions({
  queryKey: ['regions', 'list'],
  queryFn: async ({ signal }) => (await apiClient.get<GeoRegionList>('/catalog/regions', { signal })).items,
  staleTime: 300_000,
});
