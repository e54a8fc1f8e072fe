import { useParams } from '@mealprep/router';
import { MealTypePage as MealTypeDetailsPage } from '../features/meal-types/components/meal-type-page';
import { LabelledServiceGrid } from './labelled-service-grid';

export function MealTypePage() {
  const { mealTypeSlug = '' } = useParams();
  return <MealTypeDetailsPage slug={mealTypeSlug} renderServices={(mealType) => <LabelledServiceGrid filter={{ mealType: mealType.slug }} />} />;
}
