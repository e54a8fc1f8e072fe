import type { NearbyServices } from '@mealprep/contracts';
import { Link } from '@mealprep/router';
import { cityPath } from '../api/get-nearby';
import { NearCardGrid } from './near-card-grid';

/**
 * "Also near {city}": up to six other services nearest this one, each with its distance from it,
 * and a link to the city's page. Nothing when no other service is near (the page stays as it was).
 */
export function AlsoNear({ nearby, cityName, labelForMealType }: { nearby: NearbyServices; cityName: string; labelForMealType?: (slug: string) => string }) {
  if (!nearby.items.length) return null;
  const name = nearby.city?.name ?? cityName;
  return (
    <section aria-labelledby="also-near" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="also-near" className="text-2xl font-bold tracking-tight">
          {name ? `Also near ${name}` : 'Also nearby'}
        </h2>
        {nearby.city ? (
          <Link to={cityPath(nearby.city)} className="font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900 dark:text-emerald-300 dark:hover:text-emerald-200">
            All meal prep in {nearby.city.name}
          </Link>
        ) : null}
      </div>
      {/* Each card is "nearby" with its miles from this service: "1.2 mi away". */}
      <NearCardGrid cards={nearby.items} labelForMealType={labelForMealType} />
    </section>
  );
}
