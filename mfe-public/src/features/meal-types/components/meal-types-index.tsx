import { ErrorState, Loading } from '@mealprep/ui';
import { Link } from '@mealprep/router';
import { useMealTypes } from '../api/get-meal-types';

export const NO_MEAL_TYPES_TEXT = 'No meal types available yet.';

export function MealTypesIndex() {
  const { data, isError, isFetching, refetch } = useMealTypes();

  if (isError && !isFetching) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Loading />;
  if (data.length === 0) return <p className="text-gray-700 dark:text-gray-200">{NO_MEAL_TYPES_TEXT}</p>;

  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {data.map((mealType) => (
        <li key={mealType.slug}>
          <article className="relative flex h-full flex-col gap-3 rounded-xl border border-gray-200 p-5 focus-within:ring-2 focus-within:ring-emerald-600 hover:shadow-md dark:border-gray-700">
            <h2 className="text-lg font-semibold">{mealType.name}</h2>
            {mealType.description ? <p className="text-sm text-gray-700 dark:text-gray-200">{mealType.description}</p> : null}
            <Link
              to={`/meal-type/${encodeURIComponent(mealType.slug)}`}
              aria-label={`View Services: ${mealType.name}`}
              className="mt-auto font-medium text-emerald-800 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none dark:text-emerald-300"
            >
              View Services
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}
