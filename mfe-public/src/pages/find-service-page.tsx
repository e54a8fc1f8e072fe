import { buttonClassName, usePageMeta } from '@mealprep/ui';
import { useFilteredVariant } from '../lib/list-filters';
import { Link } from '@mealprep/router';
import { useMealTypeLabel } from '../features/meal-types/hooks/use-meal-type-label';
import { NearSearch } from '../features/services/components/near-search';
import { ServiceSearch } from '../features/services/components/service-search';
import { PageHeader } from './page-header';

const WAYS = [
  { to: '/services-by-state', title: 'Browse by State', text: 'Meal prep services that cook and deliver near you.' },
  { to: '/services-by-meal-type', title: 'Browse by Meal Type', text: 'Keto, vegan, paleo, high protein and more.' },
  { to: '/services-that-ship', title: 'Services That Ship', text: 'Prepared meals delivered anywhere in the country.' },
] as const;

export function FindServicePage() {
  const filteredVariant = useFilteredVariant();
  usePageMeta({
    title: 'Find a Service',
    description: 'Search meal prep services by name, city, state or meal type, or browse by state, meal type and shipping.',
    url: '/find-service',
    // A filtered or reordered variant: not indexed; its canonical URL is the plain list's.
    noindex: filteredVariant,
  });
  const labelForMealType = useMealTypeLabel();
  return (
    <div className="flex flex-col gap-12">
      <div>
        <PageHeader title="Find a Service">
          <p>Browse the directory the way that suits you, or search it directly.</p>
        </PageHeader>
        <ul className="grid gap-5 md:grid-cols-3">
          {WAYS.map((way) => (
            <li key={way.to}>
              <Link
                to={way.to}
                className="flex h-full flex-col gap-2 rounded-xl border border-gray-200 p-6 transition-colors hover:border-emerald-600 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:border-gray-700 dark:hover:border-emerald-400 dark:hover:bg-emerald-950"
              >
                <span className="text-lg font-semibold text-gray-900 dark:text-gray-50">{way.title}</span>
                <span className="text-sm text-gray-700 dark:text-gray-200">{way.text}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-gray-700 dark:text-gray-200">
          Run a meal prep business?{' '}
          <Link to="/add-your-service" className={buttonClassName({ variant: 'outline', size: 'sm', className: 'ml-1' })}>
            Add Your Service
          </Link>
        </p>
      </div>
      <NearSearch />
      <ServiceSearch labelForMealType={labelForMealType} />
    </div>
  );
}
