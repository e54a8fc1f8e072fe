import { usePageMeta } from '@mealprep/ui';
import { useFilteredVariant } from '../lib/list-filters';
import { LabelledServiceGrid } from './labelled-service-grid';
import { pluralize } from '../lib/text';
import { PageHeader } from './page-header';

const ALL = {} as const;

export function ServicesByNamePage() {
  const filteredVariant = useFilteredVariant();
  usePageMeta({
    title: 'All Meal Prep Services (A-Z)',
    description: 'Every meal prep service in the directory, in alphabetical order.',
    url: '/services-by-name',
    // A filtered or reordered variant: not indexed; its canonical URL is the plain list's.
    noindex: filteredVariant,
  });
  return (
    <>
      <PageHeader title="All Meal Prep Services (A-Z)" />
      <LabelledServiceGrid filter={ALL} countLine={(total) => `Showing ${pluralize(total, 'service')}`} />
    </>
  );
}
