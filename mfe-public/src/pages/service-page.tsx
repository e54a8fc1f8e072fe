import { useParams } from '@mealprep/router';
import { MealTypeLinks } from '../features/meal-types/components/meal-type-links';
import { useMealTypeLabel } from '../features/meal-types/hooks/use-meal-type-label';
import { ServiceDetailPage } from '../features/services/components/service-detail-page';

export function ServicePage() {
  const { serviceSlug = '' } = useParams();
  const labelForMealType = useMealTypeLabel();
  return <ServiceDetailPage slug={serviceSlug} renderMealTypes={(slugs) => <MealTypeLinks slugs={slugs} />} labelForMealType={labelForMealType} />;
}
