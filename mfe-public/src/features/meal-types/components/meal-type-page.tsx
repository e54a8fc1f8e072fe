import { isNotFound } from '@mealprep/api-client';
import { useFilteredVariant } from '../../../lib/list-filters';
import type { MealType } from '@mealprep/contracts';
import { buttonClassName, ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import type { ReactNode } from 'react';
import { Link } from '@mealprep/router';
import { breadcrumbList, StructuredData } from '../../../lib/structured-data';
import { isPossibleMealTypeSlug, useMealType } from '../api/get-meal-type';

function MealTypeNotFound() {
  usePageMeta({ title: 'Meal Type Not Found', noindex: true, notFound: true });
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Meal Type Not Found</h1>
      <p className="mt-4 text-gray-600 dark:text-gray-300">The meal type you're looking for doesn't exist.</p>
      <Link to="/services-by-meal-type" className={buttonClassName({ className: 'mt-8' })}>
        Browse Meal Types
      </Link>
    </section>
  );
}

function MealTypeDetails({ mealType, children }: { mealType: MealType; children: ReactNode }) {
  const title = `${mealType.name} Meal Prep Services`;
  const filteredVariant = useFilteredVariant();
  usePageMeta({
    title,
    description: mealType.description || `Find ${mealType.name.toLowerCase()} meal prep services near you.`,
    url: `/meal-type/${mealType.slug}`,
    // A filtered or reordered variant: not indexed; its canonical URL is the plain list's.
    noindex: filteredVariant,
  });
  return (
    <section>
      <StructuredData
        build={(origin) =>
          breadcrumbList(origin, [
            { name: 'Home', path: '/' },
            { name: 'Services by Meal Type', path: '/services-by-meal-type' },
            { name: mealType.name, path: `/meal-type/${mealType.slug}` },
          ])
        }
      />
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {mealType.description ? <p className="mt-4 max-w-2xl text-gray-600 dark:text-gray-300">{mealType.description}</p> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}

export interface MealTypePageProps {
  slug: string;
  /** The meal type's services, composed in by the page. */
  renderServices: (mealType: MealType) => ReactNode;
}

export function MealTypePage({ slug, renderServices }: MealTypePageProps) {
  const { data, error, isError, isFetching, refetch } = useMealType(slug);

  if (!isPossibleMealTypeSlug(slug) || isNotFound(error)) return <MealTypeNotFound />;
  if (isError && !isFetching) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Loading />;
  return <MealTypeDetails mealType={data}>{renderServices(data)}</MealTypeDetails>;
}
