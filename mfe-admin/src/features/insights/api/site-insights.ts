import { apiClient, queryKeys } from '@mealprep/api-client';
import type { SiteInsights } from '@mealprep/contracts';
import type { InsightPeriod } from '@mealprep/contracts/browser';
import { queryOptions } from '@mealprep/query';

export const siteInsightsQuery = (days: InsightPeriod) =>
  queryOptions({
    queryKey: queryKeys.insights.site(days),
    queryFn: ({ signal }) => apiClient.get<SiteInsights>(`/catalog/admin/insights?days=${days}`, { signal }),
    staleTime: 60_000,
  });
