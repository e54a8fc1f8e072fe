import { mealTypesQuery } from '@mealprep/api-client';
import { useQuery } from '@mealprep/query';

/** The meal types, as every app reads them (@mealprep/api-client). */
export const mealTypesQueryOptions = () => mealTypesQuery;

export function useMealTypes() {
  return useQuery(mealTypesQuery);
}
