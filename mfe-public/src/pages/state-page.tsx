import { StatePage as StateDetailsPage } from '../features/regions/components/state-page';
import { LabelledServiceGrid } from './labelled-service-grid';

export function StatePage() {
  return <StateDetailsPage renderServices={(region) => <LabelledServiceGrid filter={{ state: region.slug }} />} />;
}
