import { apiClient, queryKeys } from '@mealprep/api-client';
import type { ListingInsights } from '@mealprep/contracts';
import type { InsightMetric, InsightPeriod } from '@mealprep/contracts/browser';
import { queryOptions } from '@mealprep/query';

export const listingInsightsQuery = (serviceId: string, days: InsightPeriod) =>
  queryOptions({
    queryKey: queryKeys.insights.listing(serviceId, days),
    queryFn: ({ signal }) => apiClient.get<ListingInsights>(`/catalog/services/${encodeURIComponent(serviceId)}/insights?days=${days}`, { signal }),
    staleTime: 60_000,
  });

/** The chart of one count, drawn by the server in the page's theme. */
export const chartUrl = (serviceId: string, days: InsightPeriod, metric: InsightMetric, theme: 'light' | 'dark') =>
  `/api/catalog/services/${encodeURIComponent(serviceId)}/insights/chart?${new URLSearchParams({ days: String(days), metric, theme }).toString()}`;
