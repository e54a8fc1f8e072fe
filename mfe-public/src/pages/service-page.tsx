import { useParams } from '@mealprep/router';
import { MealTypeLinks } from '../features/meal-types/components/meal-type-links';
import { ServiceDetailPage } from '../features/services/components/service-detail-page';

export function ServicePage() {
  const { serviceSlug = '' } = useParams();
  return <ServiceDetailPage slug={serviceSlug} renderMealTypes={(slugs) => <MealTypeLinks slugs={slugs} />} />;
}
