import { isNotFound } from '@mealprep/api-client';
import { useFilteredVariant } from '../../../lib/list-filters';
import type { GeoRegion } from '@mealprep/contracts';
import { buttonClassName, ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import type { ReactNode } from 'react';
import { Link, useParams } from '@mealprep/router';
import { breadcrumbList, StructuredData } from '../../../lib/structured-data';
import { isPossibleSlug, useRegion } from '../api/get-region';
import { StateCities } from './state-cities';

function StateNotFound() {
  usePageMeta({ title: 'State Not Found', noindex: true, notFound: true });
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">State Not Found</h1>
      <p className="mt-4 text-gray-600 dark:text-gray-300">The state you're looking for doesn't exist.</p>
      <Link to="/" className={buttonClassName({ className: 'mt-8' })}>
        Return to Home
      </Link>
    </section>
  );
}

function StateDetails({ region, children }: { region: GeoRegion; children: ReactNode }) {
  const title = `Meal Prep Services in ${region.name}`;
  const filteredVariant = useFilteredVariant();
  usePageMeta({
    title,
    description: `Find meal prep services in ${region.name}: local delivery, pickup and services that ship to ${region.name}.`,
    url: `/state/${region.slug}`,
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
            { name: region.name, path: `/state/${region.slug}` },
          ])
        }
      />
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-2xl text-gray-600 dark:text-gray-300">Local kitchens preparing fresh meals for pickup and delivery across {region.name}.</p>
      <StateCities stateSlug={region.slug} stateName={region.name} />
      <div className="mt-8">{children}</div>
    </section>
  );
}

export interface StatePageProps {
  /** The state's services, composed in by the page (another area owns them). */
  renderServices: (region: GeoRegion) => ReactNode;
}

export function StatePage({ renderServices }: StatePageProps) {
  const { stateSlug = '' } = useParams();
  const { data, error, isError, isFetching, refetch } = useRegion(stateSlug);

  if (!isPossibleSlug(stateSlug) || isNotFound(error)) return <StateNotFound />;
  if (isError && !isFetching) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Loading />;
  return <StateDetails region={data}>{renderServices(data)}</StateDetails>;
}
