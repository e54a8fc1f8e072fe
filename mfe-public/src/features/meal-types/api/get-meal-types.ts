import { apiClient } from '@mealprep/api-client';
import type { MealType, MealTypeList } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export async function getMealTypes(signal?: AbortSignal): Promise<MealType[]> {
  const list = await apiClient.get<MealTypeList>('/catalog/meal-types', { signal });
  return list.items;
}

export function mealTypesQueryOptions() {
  return queryOptions({
    queryKey: ['meal-types', 'list'],
    queryFn: ({ signal }) => getMealTypes(signal),
  });
}

export function useMealTypes() {
  return useQuery(mealTypesQueryOptions());
}
