import { useParams, useSearchParams } from '@mealprep/router';
import { useMealTypes } from '../features/meal-types/api/get-meal-types';
import { useMealTypeLabel } from '../features/meal-types/hooks/use-meal-type-label';
import { nearFilterFrom } from '../features/services/api/get-near';
import { NearResults } from '../features/services/components/near-results';
import { NearSearch } from '../features/services/components/near-search';

/** /near/{place} (and /near?place=…, what the search form asks without JavaScript): services that reach a ZIP code or city. */
export function NearPage() {
  const { place: fromPath = '' } = useParams();
  const [search] = useSearchParams();
  const filter = nearFilterFrom(fromPath || (search.get('place') ?? ''), search);
  const labelForMealType = useMealTypeLabel();
  const { data: mealTypes = [] } = useMealTypes();
  if (!filter.place) return <NearSearch heading="Find meal prep near you" headingLevel={2} />;
  return <NearResults filter={filter} labelForMealType={labelForMealType} mealTypes={mealTypes} />;
}
