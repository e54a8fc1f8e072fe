import type { GeoRegion, GeoRegionList, MealType, MealTypeList } from '@mealprep/contracts';
import { apiClient } from './client';
import { queryKeys } from './query-keys';
import { publicRead } from './runtime-config';

const MEAL_TYPES_PATH = '/catalog/meal-types';
const REGIONS_PATH = '/catalog/regions';

export async function getMealTypes(signal?: AbortSignal): Promise<MealType[]> {
  return (await apiClient.get<MealTypeList>(MEAL_TYPES_PATH, { signal })).items;
}

export async function getRegions(signal?: AbortSignal): Promise<GeoRegion[]> {
  return (await apiClient.get<GeoRegionList>(REGIONS_PATH, { signal })).items;
}

/**
 * The meal types and the regions, read by the public pages, the owner's form and the admin's
 * filters alike: one definition, so the one cache entry each is read the same way by every app.
 * The same for every visitor: fetched by the server render and handed to the page, its answer
 * included when it is a not-found or refused one (not asked again when the page mounts).
 */
export const mealTypesQuery = {
  queryKey: queryKeys.mealTypes.list,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getMealTypes(signal),
  meta: publicRead(MEAL_TYPES_PATH),
  retryOnMount: false,
  staleTime: 5 * 60_000,
} as const;

export const regionsQuery = {
  queryKey: queryKeys.regions.list,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getRegions(signal),
  meta: publicRead(REGIONS_PATH),
  retryOnMount: false,
  staleTime: 10 * 60_000,
} as const;
