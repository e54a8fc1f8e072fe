import { ErrorState, Loading } from '@mealprep/ui';
import { Link } from '@mealprep/router';
import { useRegions } from '../api/get-regions';

export function StatesGrid() {
  const { data, isError, isFetching, refetch } = useRegions();

  if (isError && !isFetching) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Loading />;

  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {data.map((region) => (
        <li key={region.slug}>
          <Link
            to={`/state/${region.slug}`}
            className="block rounded-lg border border-gray-200 px-4 py-3 font-medium text-gray-800 transition-colors hover:border-emerald-600 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:border-gray-700 dark:text-gray-100 dark:hover:border-emerald-400 dark:hover:bg-emerald-950"
          >
            Meal Prep in {region.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
