import { usePageMeta } from '@mealprep/ui';
import { useFilteredVariant } from '../lib/list-filters';
import { LabelledServiceGrid } from './labelled-service-grid';
import { PageHeader } from './page-header';

const SHIPPING_FILTER = { shipping: true } as const;

export function ServicesThatShipPage() {
  const filteredVariant = useFilteredVariant();
  usePageMeta({
    title: 'Meal Prep Services That Ship Nationwide',
    description: 'Meal prep services that ship prepared meals anywhere in the United States.',
    url: '/services-that-ship',
    // A filtered or reordered variant: not indexed; its canonical URL is the plain list's.
    noindex: filteredVariant,
  });
  return (
    <>
      <PageHeader title="Meal Prep Services That Ship Nationwide">
        <p>No local kitchen near you? These services ship prepared meals across the country.</p>
      </PageHeader>
      <LabelledServiceGrid filter={SHIPPING_FILTER} />
    </>
  );
}
