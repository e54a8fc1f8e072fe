/** The owner's form reads the meal types and the states as the public pages do: one cache entry each. */
export { mealTypesQuery, regionsQuery as statesQuery } from '@mealprep/api-client';
