import type { GeoRegionRepository } from '../data-access/geo-region-repository';
import type { MealTypeRepository } from '../data-access/meal-type-repository';
import type { ServiceRepository } from '../data-access/service-repository';
import { PublicIndex } from './public-index';

export interface IndexDeps {
  services: ServiceRepository;
  regions: GeoRegionRepository;
  mealTypes: MealTypeRepository;
}

/**
 * Keeps the in-memory public index in step with the database. Rebuilds that are asked for while
 * one runs are folded into one more rebuild after it, so a burst of changes costs two loads.
 */
export class CatalogIndex {
  readonly index = new PublicIndex();
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: IndexDeps) {}

  async refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          const [published, regions, mealTypes] = await Promise.all([
            this.deps.services.listByStatus('published'),
            this.deps.regions.listByCountry('US'),
            this.deps.mealTypes.list(),
          ]);
          this.index.rebuild(published, regions, mealTypes);
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
