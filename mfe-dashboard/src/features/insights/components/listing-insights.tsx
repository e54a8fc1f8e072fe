import type { InsightCounts } from '@mealprep/contracts';
import { INSIGHT_METRIC_LABELS, INSIGHT_METRICS, INSIGHT_PERIODS, REPORTED_METRICS, viewToLeadRate, type InsightMetric, type InsightPeriod } from '@mealprep/contracts/browser';
import { Loading, ToggleGroup } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { useId, useState, useSyncExternalStore } from 'react';
import { chartUrl, listingInsightsQuery } from '../api/insights';

/** Whether the page is in its dark theme (the shell sets `dark` on <html>), followed as it changes. */
function useDarkTheme(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const observer = new MutationObserver(changed);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
      return () => observer.disconnect();
    },
    () => document.documentElement.classList.contains('dark'),
    () => false,
  );
}

/** "+12 (+25%)", "−3 (−10%)", "no change", or "new" when the period before had none. */
export function changeText(now: number, before: number): string {
  if (now === before) return 'no change';
  if (before === 0) return `+${now} (new)`;
  const diff = now - before;
  const percent = Math.round((diff / before) * 100);
  return `${diff > 0 ? '+' : '−'}${Math.abs(diff)} (${percent > 0 ? '+' : '−'}${Math.abs(percent)}%)`;
}

/** The tile of quote requests per page view. */
export const VIEW_TO_LEAD_LABEL = 'Views to quote requests';

const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * One listing's insights for its owner (and admins): totals of the last 30 or 90 days with the
 * change from the period before, the share of page views that became a quote request, a chart of one count per day, and every number as a table.
 */
export function ListingInsights({ serviceId, title = 'Insights' }: { serviceId: string; title?: string }) {
  const [days, setDays] = useState<InsightPeriod>(30);
  const [metric, setMetric] = useState<InsightMetric>('views');
  const dark = useDarkTheme();
  const query = useQuery(listingInsightsQuery(serviceId, days));
  const headingId = useId();
  const metricId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-xl border border-gray-200 p-4 dark:border-gray-700">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        <ToggleGroup label="Period" options={INSIGHT_PERIODS} value={days} onChange={setDays} optionLabel={(period) => `Last ${period} days`} />
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        // Quietly: the page it sits on (the editor) is whole without it.
        <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
          The insights could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {INSIGHT_METRICS.map((m) => (
              <div key={m} className="rounded-lg bg-gray-50 p-3 dark:bg-gray-900">
                <dt className="text-sm text-gray-700 dark:text-gray-300">{INSIGHT_METRIC_LABELS[m]}</dt>
                <dd className="text-2xl font-semibold">{query.data.totals[m]}</dd>
                <dd className="text-xs text-gray-700 dark:text-gray-300">
                  {changeText(query.data.totals[m], query.data.previousTotals[m])} <span className="sr-only">from the {days} days before</span>
                </dd>
              </div>
            ))}
            <div className="rounded-lg bg-gray-50 p-3 dark:bg-gray-900">
              <dt className="text-sm text-gray-700 dark:text-gray-300">{VIEW_TO_LEAD_LABEL}</dt>
              <dd className="text-2xl font-semibold">{viewToLeadRate(query.data.totals.views, query.data.totals.leads) ?? '—'}</dd>
              <dd className="text-xs text-gray-700 dark:text-gray-300">
                {viewToLeadRate(query.data.previousTotals.views, query.data.previousTotals.leads) ?? '—'} in the {days} days before
              </dd>
            </div>
          </dl>
          <div className="mt-4">
            <label htmlFor={metricId} className="mr-2 text-sm font-medium">
              Chart
            </label>
            <select
              id={metricId}
              value={metric}
              onChange={(e) => setMetric(e.target.value as InsightMetric)}
              className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm dark:border-gray-600 dark:bg-gray-900"
            >
              {INSIGHT_METRICS.map((m) => (
                <option key={m} value={m}>
                  {INSIGHT_METRIC_LABELS[m]}
                </option>
              ))}
            </select>
            <img
              src={chartUrl(serviceId, days, metric, dark ? 'dark' : 'light')}
              alt={`${INSIGHT_METRIC_LABELS[metric]} per day over the last ${days} days: ${query.data.totals[metric]} in all. The numbers are in the table below.`}
              width={720}
              height={240}
              className="mt-3 h-auto w-full max-w-3xl"
            />
          </div>
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium">Show the numbers</summary>
            <DayTable days={query.data.days} period={days} />
            <LeadDays days={query.data.days} period={days} />
          </details>
        </>
      )}
    </section>
  );
}

/** What pages counted, per day. */
function DayTable({ days, period }: { days: Array<InsightCounts & { day: string }>; period: number }) {
  return (
    <div className="mt-2 max-h-96 overflow-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Counts per day, last {period} days</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3">
              Day
            </th>
            {REPORTED_METRICS.map((m) => (
              <th key={m} scope="col" className="py-1 pr-3">
                {INSIGHT_METRIC_LABELS[m]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((d) => (
            <tr key={d.day} className="border-t border-gray-100 dark:border-gray-800">
              <th scope="row" className="py-1 pr-3 font-normal">
                {shortDay(d.day)}
              </th>
              {REPORTED_METRICS.map((m) => (
                <td key={m} className="py-1 pr-3">
                  {d[m]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The days that had quote requests, newest first, each with the share of its page views that
 * became one (most days have none: a list of those that did reads better than a column of zeros).
 */
function LeadDays({ days, period }: { days: Array<InsightCounts & { day: string }>; period: number }) {
  const asked = [...days].reverse().filter((d) => d.leads > 0);
  const headingId = useId();
  return (
    <div className="mt-4">
      <h3 id={headingId} className="font-medium">
        Quote requests per day, last {period} days
      </h3>
      {asked.length === 0 ? (
        <p className="mt-1">None in these {period} days.</p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-1">
          {asked.map((d) => (
            <li key={d.day}>
              {shortDay(d.day)}: {d.leads} {d.leads === 1 ? 'request' : 'requests'}
              {d.views > 0 ? ` (${viewToLeadRate(d.views, d.leads)} of ${d.views} page ${d.views === 1 ? 'view' : 'views'})` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
