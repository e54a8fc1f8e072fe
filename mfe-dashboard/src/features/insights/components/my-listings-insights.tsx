import { myServicesQuery } from '@mealprep/api-client';
import { useQuery } from '@mealprep/query';
import { ListingInsights } from './listing-insights';

/** How many of an owner's listings show their insights on /dashboard (each has them on its edit page too). */
const SHOWN = 5;

/** /dashboard: the insights of each of the owner's listings. */
export function MyListingsInsights() {
  const mine = useQuery(myServicesQuery);
  const listings = (mine.data ?? []).slice(0, SHOWN);
  return (
    <>
      {listings.map((listing) => (
        <ListingInsights key={listing.id} serviceId={listing.id} title={`Insights: ${listing.name}`} />
      ))}
    </>
  );
}
