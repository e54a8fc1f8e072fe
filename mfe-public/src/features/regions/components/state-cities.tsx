import { Link } from '@mealprep/router';
import { pluralize } from '../../../lib/text';
import { useCities } from '../api/get-cities';

/**
 * "Cities in {state}": a link to every city of the state with published services, with how many
 * each has. Nothing while they load or when there are none (the state's list below is the page).
 */
export function StateCities({ stateSlug, stateName }: { stateSlug: string; stateName: string }) {
  const { data } = useCities(stateSlug);
  if (!data?.items.length) return null;
  return (
    <section aria-labelledby="state-cities" className="mt-8">
      <h2 id="state-cities" className="text-xl font-semibold">
        Cities in {stateName}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {data.items.map((city) => (
          <li key={city.slug}>
            <Link
              to={`/state/${encodeURIComponent(stateSlug)}/${encodeURIComponent(city.slug)}`}
              className="inline-flex items-center gap-1 rounded-full border border-gray-300 px-3 py-1 text-sm text-gray-900 hover:border-emerald-600 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:border-gray-600 dark:text-gray-100 dark:hover:border-emerald-400 dark:hover:bg-emerald-950"
            >
              {city.name}
              <span className="sr-only">,</span> <span className="text-gray-600 dark:text-gray-300">({pluralize(city.count, 'service')})</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
