import { isNotFound } from '@mealprep/api-client';
import { useFilteredVariant } from '../../../lib/list-filters';
import type { City } from '@mealprep/contracts';
import { isSlug } from '@mealprep/contracts/browser';
import { buttonClassName, ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import type { ReactNode } from 'react';
import { Link, useParams } from '@mealprep/router';
import { breadcrumbList, StructuredData } from '../../../lib/structured-data';
import { pluralize } from '../../../lib/text';
import { useCity } from '../api/get-cities';

const link = 'font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950 dark:text-emerald-300 dark:hover:text-emerald-200';

function CityNotFound({ stateSlug }: { stateSlug: string }) {
  usePageMeta({ title: 'City Not Found', noindex: true, notFound: true });
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">City Not Found</h1>
      <p className="mt-4 text-gray-600 dark:text-gray-300">We have no meal prep services listed in this city yet.</p>
      <Link to={isSlug(stateSlug) ? `/state/${stateSlug}` : '/services-by-state'} className={buttonClassName({ className: 'mt-8' })}>
        {isSlug(stateSlug) ? 'See the whole state' : 'Browse services by state'}
      </Link>
    </section>
  );
}

function CityDetails({ city, children }: { city: City; children: ReactNode }) {
  const where = `${city.name}, ${city.state.code || city.state.name}`;
  const path = `/state/${city.state.slug}/${city.slug}`;
  const filteredVariant = useFilteredVariant();
  usePageMeta({
    title: `Meal Prep in ${where}`,
    description: `${pluralize(city.count, 'meal prep service')} in ${city.name}, ${city.state.name}: local kitchens with delivery, pickup and shipping.`,
    url: path,
    // A filtered or reordered variant: not indexed; its canonical URL is the plain list's.
    noindex: filteredVariant,
  });
  return (
    <section>
      <StructuredData
        build={(origin) =>
          breadcrumbList(origin, [
            { name: 'Home', path: '/' },
            { name: 'Services by State', path: '/services-by-state' },
            { name: city.state.name, path: `/state/${city.state.slug}` },
            { name: city.name, path },
          ])
        }
      />
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-gray-600 dark:text-gray-300">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/services-by-state" className={link}>
              States
            </Link>
            <span aria-hidden="true"> › </span>
          </li>
          <li>
            <Link to={`/state/${city.state.slug}`} className={link}>
              {city.state.name}
            </Link>
            <span aria-hidden="true"> › </span>
          </li>
          <li aria-current="page">{city.name}</li>
        </ol>
      </nav>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Meal Prep in {where}</h1>
      <p className="mt-4 max-w-2xl text-gray-600 dark:text-gray-300">
        {pluralize(city.count, 'meal prep service')} based in {city.name}.{' '}
        <Link to={`/near/${encodeURIComponent(where)}`} className={link}>
          See every service that reaches {city.name}
        </Link>
        , including those that deliver from nearby or ship.
      </p>
      <div className="mt-8">{children}</div>
    </section>
  );
}

export interface CityPageProps {
  /** The city's services, composed in by the page (another area owns them). */
  renderServices: (city: City) => ReactNode;
}

/** /state/{state}/{city}: "Meal Prep in Austin, TX", for every city with a published service. */
export function CityPage({ renderServices }: CityPageProps) {
  const { stateSlug = '', citySlug = '' } = useParams();
  const { data, error, isError, isFetching, refetch } = useCity(stateSlug, citySlug);
  if (!isSlug(stateSlug) || !isSlug(citySlug) || isNotFound(error)) return <CityNotFound stateSlug={stateSlug} />;
  if (isError && !isFetching) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Loading />;
  return <CityDetails city={data}>{renderServices(data)}</CityDetails>;
}
