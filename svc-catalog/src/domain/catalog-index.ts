import { PUBLIC_SERVICE_STATUSES, type PublicService } from '@mealprep/contracts';
import { coalesced } from '@mealprep/service-kit';
import type { GeoRegionRepository } from '../data-access/geo-region-repository';
import type { MealTypeRepository } from '../data-access/meal-type-repository';
import { toPublic, type ServiceRepository } from '../data-access/service-repository';
import { AdminIndex } from './admin-index';
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
  /** Every service, for the admin table. */
  readonly admin = new AdminIndex();
  /** The services a visitor may open (published and closed), by slug: a service page reads no database. */
  private publicBySlug = new Map<string, PublicService>();

  constructor(private readonly deps: IndexDeps) {}

  /** A published or closed service as visitors see it; null for any other slug. */
  findPublic(slug: string): PublicService | null {
    return this.publicBySlug.get(slug) ?? null;
  }

  readonly refresh = coalesced(async () => {
    const [all, regions, mealTypes] = await Promise.all([
      this.deps.services.listAll(),
      this.deps.regions.listByCountry('US'),
      this.deps.mealTypes.list(),
    ]);
    this.index.rebuild(
      all.filter((s) => s.status === 'published'),
      regions,
      mealTypes,
    );
    this.admin.rebuild(all);
    this.publicBySlug = new Map(all.filter((s) => PUBLIC_SERVICE_STATUSES.includes(s.status)).map((s) => [s.slug, toPublic(s)]));
  });
}
