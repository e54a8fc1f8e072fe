import { regionsQuery } from '@mealprep/api-client';
import { useQuery } from '@mealprep/query';

/** The states and regions, as every app reads them (@mealprep/api-client). */
export const regionsQueryOptions = () => regionsQuery;

export function useRegions() {
  return useQuery(regionsQuery);
}
