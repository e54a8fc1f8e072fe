import { usePageMeta } from '@mealprep/ui';
import { HomeHero } from '../features/home/components/home-hero';
import { WhyLocal } from '../features/home/components/why-local';
import { StateMap } from '../features/regions/components/state-map';
import { StatesGrid } from '../features/regions/components/states-grid';
import { FeaturedCarousel } from '../features/services/components/featured-carousel';
import { NearSearch } from '../features/services/components/near-search';
import { organization, StructuredData } from '../lib/structured-data';

/** Pages compose features; features never import each other. */
export function HomePage() {
  usePageMeta({ url: '/' });
  return (
    <div className="flex flex-col gap-12">
      <StructuredData build={(origin, site) => organization(origin, site)} />
      <HomeHero />
      <NearSearch />
      <FeaturedCarousel />
      <WhyLocal />
      <section aria-labelledby="browse-by-state">
        <h2 id="browse-by-state" className="mb-6 text-2xl font-bold tracking-tight">
          Browse by State
        </h2>
        <div className="mb-8">
          <StateMap />
        </div>
        <StatesGrid />
      </section>
    </div>
  );
}
