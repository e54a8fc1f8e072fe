import { ErrorState, Loading } from '@mealprep/ui';
import { Link } from '@mealprep/router';
import { pluralize } from '../../../lib/text';
import { useRegionCounts } from '../api/get-region-counts';
import { useRegions } from '../api/get-regions';

/** Every state, each with how many published services it has (states with none included). */
export function StatesWithCounts() {
  const regions = useRegions();
  const counts = useRegionCounts();

  if ((regions.isError && !regions.isFetching) || (counts.isError && !counts.isFetching)) {
    return (
      <ErrorState
        onRetry={() => {
          if (regions.isError) void regions.refetch();
          if (counts.isError) void counts.refetch();
        }}
      />
    );
  }
  if (!regions.data || !counts.data) return <Loading />;

  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {regions.data.map((region) => {
        const count = pluralize(counts.data[region.slug] ?? 0, 'service');
        return (
          <li key={region.slug}>
            <Link
              to={`/state/${region.slug}`}
              className="flex items-center justify-between gap-3 rounded-lg border border-gray-200 px-4 py-3 transition-colors hover:border-emerald-600 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:border-gray-700 dark:hover:border-emerald-400 dark:hover:bg-emerald-950"
            >
              {/* The name read is the text shown ("Texas, 5 services"): the comma is for screen readers only. */}
              <span className="font-medium text-gray-900 dark:text-gray-50">
                {region.name}
                <span className="sr-only">,</span>
              </span>{' '}
              <span className="text-sm text-gray-600 dark:text-gray-300">{count}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
