import { INSIGHT_PERIODS, type InsightPeriod } from '@mealprep/contracts/browser';
import { AdminTable, EmptyNote, ErrorState, Loading, ToggleGroup, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { Link } from '@mealprep/router';
import { useState } from 'react';
import { siteInsightsQuery } from '../api/site-insights';

/** /dashboard/insights: the most viewed listings and the searches that found nothing (each listing's own insights are on its edit page). */
export function SiteInsightsPage() {
  usePageMeta({ title: 'Insights', noindex: true });
  const [days, setDays] = useState<InsightPeriod>(30);
  const insights = useQuery(siteInsightsQuery(days));
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Insights</h1>
        <ToggleGroup label="Period" options={INSIGHT_PERIODS} value={days} onChange={setDays} optionLabel={(period) => `Last ${period} days`} />
      </div>
      <p className="max-w-3xl text-sm text-gray-700 dark:text-gray-300">
        Visitors are counted once a day per listing, without cookies; bots and admins are not counted. Each listing's own insights are on its edit page.
      </p>
      {insights.isPending ? (
        <Loading />
      ) : insights.isError ? (
        <ErrorState onRetry={() => void insights.refetch()} />
      ) : (
        <>
          <section aria-labelledby="most-viewed" className="space-y-3">
            <h2 id="most-viewed" className="text-xl font-semibold">
              Most viewed listings
            </h2>
            {insights.data.mostViewed.length === 0 ? (
              <EmptyNote>No listing was viewed in these {days} days.</EmptyNote>
            ) : (
              <AdminTable columns={['Listing', 'Page views', 'Insights']}>
                {insights.data.mostViewed.map((row) => (
                  <tr key={row.serviceId} className="border-b border-gray-100 dark:border-gray-800">
                    <td className="py-2 pr-4">
                      <Link to={`/service/${row.slug}`} className="underline">
                        {row.name}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">{row.views}</td>
                    <td className="py-2">
                      <Link to={`/dashboard/services/${row.serviceId}/edit`} className="underline" aria-label={`Open the insights of ${row.name}`}>
                        Open
                      </Link>
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </section>
          <section aria-labelledby="empty-searches" className="space-y-3">
            <h2 id="empty-searches" className="text-xl font-semibold">
              Searches that found nothing
            </h2>
            {insights.data.emptySearches.length === 0 ? (
              <EmptyNote>Every search found something in these {days} days.</EmptyNote>
            ) : (
              <AdminTable columns={['Search', 'Visitors']}>
                {insights.data.emptySearches.map((row) => (
                  <tr key={row.term} className="border-b border-gray-100 dark:border-gray-800">
                    <td className="py-2 pr-4">{row.term}</td>
                    <td className="py-2">{row.count}</td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </section>
        </>
      )}
    </section>
  );
}
