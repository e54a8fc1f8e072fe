import { useParams } from '@mealprep/router';
import { QuotePanel } from '../features/leads/components/quote-panel';
import { MealTypeLinks } from '../features/meal-types/components/meal-type-links';
import { useMealTypeLabel } from '../features/meal-types/hooks/use-meal-type-label';
import { ServiceDetailPage } from '../features/services/components/service-detail-page';

// The quote pages share the listing's chunk (and its form's code): a page's chunk is one file, named in its head.
export { QuoteDeletePage, QuotePage, QuoteSentPage } from './quote-pages';

export function ServicePage() {
  const { serviceSlug = '' } = useParams();
  const labelForMealType = useMealTypeLabel();
  return (
    <ServiceDetailPage
      slug={serviceSlug}
      renderMealTypes={(slugs) => <MealTypeLinks slugs={slugs} />}
      labelForMealType={labelForMealType}
      renderQuote={(service) => (service.status === 'published' ? <QuotePanel service={service} labelForMealType={labelForMealType} /> : null)}
    />
  );
}
