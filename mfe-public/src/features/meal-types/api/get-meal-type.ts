import { apiClient } from '@mealprep/api-client';
import { MealTypeSchema, SlugSchema, type MealType } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export async function getMealType(slug: string, signal?: AbortSignal): Promise<MealType> {
  return apiClient.get(`/catalog/meal-types/${encodeURIComponent(slug)}`, MealTypeSchema, { signal });
}

/** A slug that cannot exist is answered "Meal Type Not Found" without a request. */
export function isPossibleMealTypeSlug(slug: string): boolean {
  return SlugSchema.safeParse(slug).success;
}

export function mealTypeQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['meal-types', 'detail', slug],
    queryFn: ({ signal }) => getMealType(slug, signal),
    enabled: isPossibleMealTypeSlug(slug),
  });
}

export function useMealType(slug: string) {
  return useQuery(mealTypeQueryOptions(slug));
}
