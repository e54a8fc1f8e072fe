import { INSIGHT_PERIODS, viewToLeadRate, type InsightPeriod } from '@mealprep/contracts/browser';
import type { SiteInsights } from '@mealprep/contracts';
import { AdminTable, EmptyNote, ErrorState, Loading, ToggleGroup, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { Link } from '@mealprep/router';
import { useState } from 'react';
import { siteInsightsQuery } from '../api/site-insights';

/**
 * /dashboard/insights: the site's page views and quote requests, the most viewed listings, those
 * sent the most quote requests, and the searches that found nothing (each listing's own insights
 * are on its edit page).
 */
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
          <dl aria-label="The site" className="grid max-w-2xl grid-cols-3 gap-3">
            <Total label="Page views" value={String(insights.data.totals.views)} />
            <Total label="Quote requests" value={String(insights.data.totals.leads)} />
            <Total label="Views to quote requests" value={viewToLeadRate(insights.data.totals.views, insights.data.totals.leads) ?? '—'} />
          </dl>
          <ListingTable id="most-viewed" title="Most viewed listings" rows={insights.data.mostViewed} empty={`No listing was viewed in these ${days} days.`} />
          <ListingTable id="most-leads" title="Listings sent the most quote requests" rows={insights.data.mostLeads} empty={`No listing was sent a quote request in these ${days} days.`} />
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

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-gray-50 p-3 dark:bg-gray-900">
      <dt className="text-sm text-gray-700 dark:text-gray-300">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

/** Listings with their page views, quote requests and the share of views that became one. */
function ListingTable({ id, title, rows, empty }: { id: string; title: string; rows: SiteInsights['mostViewed']; empty: string }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <EmptyNote>{empty}</EmptyNote>
      ) : (
        <AdminTable columns={['Listing', 'Page views', 'Quote requests', 'Views to quote requests', 'Insights']}>
          {rows.map((row) => (
            <tr key={row.serviceId} className="border-b border-gray-100 dark:border-gray-800">
              <td className="py-2 pr-4">
                <Link to={`/service/${row.slug}`} className="underline">
                  {row.name}
                </Link>
              </td>
              <td className="py-2 pr-4">{row.views}</td>
              <td className="py-2 pr-4">{row.leads}</td>
              <td className="py-2 pr-4">{viewToLeadRate(row.views, row.leads) ?? '—'}</td>
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
  );
}
