import { CityPage } from '../features/regions/components/city-page';
import { StatePage as StateDetailsPage } from '../features/regions/components/state-page';
import { LabelledServiceGrid } from './labelled-service-grid';

export function StatePage() {
  return <StateDetailsPage renderServices={(region) => <LabelledServiceGrid filter={{ state: region.slug }} />} />;
}

/** /state/{state}/{city}: the city's services. */
export function CityServicesPage() {
  return <CityPage renderServices={(city) => <LabelledServiceGrid filter={{ state: city.state.slug, city: city.slug }} />} />;
}
