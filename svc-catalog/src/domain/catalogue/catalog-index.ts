import { DELETED_VERSION, PUBLIC_SERVICE_STATUSES, type PublicService } from '@mealprep/contracts';
import { coalesced } from '@mealprep/service-kit';
import type { GeoRegionRepository } from '../../data-access/geo-region-repository';
import type { MealTypeRepository } from '../../data-access/meal-type-repository';
import { toPublic, type StoredService } from '../../data-access/service-mapping';
import type { ServiceRepository } from '../../data-access/service-repository';
import { AdminIndex } from './admin-index';
import type { Places } from './places';
import { PublicIndex } from './public-index';

export interface IndexDeps {
  services: ServiceRepository;
  regions: GeoRegionRepository;
  mealTypes: MealTypeRepository;
  /** The US ZIP codes and cities: where a visitor's place and a listing's locations are. */
  places: Places;
}

/**
 * Keeps the in-memory indexes (public lists, the admin table, service pages by slug) in step
 * with the database. They are loaded whole at start and when a change may have been missed (the
 * broker was away); after that each write updates the services it wrote, by id: the writer
 * applies what it wrote, and other instances read the services an event names. Every service's
 * version is kept (deleted ones too), so an event that arrives late or twice changes nothing.
 */
export class CatalogIndex {
  readonly index: PublicIndex;
  /** Every service, for the admin table. */
  readonly admin = new AdminIndex();
  /** The services a visitor may open (published and closed), by slug: a service page reads no database. */
  private publicBySlug = new Map<string, PublicService>();
  /** What the indexes hold of each service: its slug and version (DELETED_VERSION once deleted). */
  private held = new Map<string, { slug: string; version: number }>();
  /** Counts the changes of what the indexes hold: what was answered from them holds while it stays the same. */
  private changes = 0;
  /** Changes applied while a whole load runs, put back over what the load read. */
  private duringLoad: Map<string, StoredService | null> | null = null;

  constructor(private readonly deps: IndexDeps) {
    this.index = new PublicIndex(deps.places);
  }

  get places(): Places {
    return this.deps.places;
  }

  /** A published or closed service as visitors see it; null for any other slug. */
  findPublic(slug: string): PublicService | null {
    return this.publicBySlug.get(slug) ?? null;
  }

  /** Changes with every load, and every service applied or removed: an answer built from the indexes holds while it is the same. */
  get version(): number {
    return this.changes;
  }

  /** The version the indexes hold of a service (0 when unknown). */
  versionOf(id: string): number {
    return this.held.get(id)?.version ?? 0;
  }

  /** Loads everything again: at start, after a gap in the events, and when meal types or states change. */
  readonly refresh = coalesced(async () => {
    this.duringLoad = new Map();
    try {
      const [all, regions, mealTypes] = await Promise.all([this.deps.services.listAll(), this.deps.regions.listByCountry('US'), this.deps.mealTypes.list()]);
      const applied = this.duringLoad;
      const latest = new Map(all.map((s) => [s.id, s]));
      for (const [id, service] of applied) {
        const loaded = latest.get(id);
        if (service === null) latest.delete(id);
        else if (!loaded || service.version > loaded.version) latest.set(id, service);
      }
      const services = [...latest.values()];
      this.index.rebuild(
        services.filter((s) => s.status === 'published'),
        regions,
        mealTypes,
      );
      this.admin.rebuild(services);
      this.publicBySlug = new Map(services.filter((s) => PUBLIC_SERVICE_STATUSES.includes(s.status)).map((s) => [s.slug, toPublic(s)]));
      const deleted = [...this.held].filter(([, h]) => h.version === DELETED_VERSION);
      this.held = new Map([...deleted, ...services.map((s) => [s.id, { slug: s.slug, version: s.version }] as const)]);
      this.changes += 1;
    } finally {
      this.duringLoad = null;
    }
  });

  /** A service as a write left it: applied when it is newer than what is held. */
  apply(service: StoredService): void {
    this.duringLoad?.set(service.id, service);
    const held = this.held.get(service.id);
    if (held && held.version >= service.version) return;
    if (held && held.slug !== service.slug) this.publicBySlug.delete(held.slug);
    if (PUBLIC_SERVICE_STATUSES.includes(service.status)) this.publicBySlug.set(service.slug, toPublic(service));
    else this.publicBySlug.delete(service.slug);
    this.index.upsert(service);
    this.admin.upsert(service);
    this.held.set(service.id, { slug: service.slug, version: service.version });
    this.changes += 1;
  }

  /** Services that were deleted. */
  remove(ids: readonly string[]): void {
    for (const id of ids) {
      this.duringLoad?.set(id, null);
      const held = this.held.get(id);
      if (held?.version === DELETED_VERSION) continue;
      if (held && this.publicBySlug.get(held.slug)?.id === id) this.publicBySlug.delete(held.slug);
      this.index.remove(id);
      this.admin.remove(id);
      this.held.set(id, { slug: held?.slug ?? '', version: DELETED_VERSION });
      this.changes += 1;
    }
  }

  /** Reads the named services again (another instance wrote them, or an import did) and updates those; the ones gone are removed. */
  async reload(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await this.deps.services.findByIds(ids);
    for (const service of found) this.apply(service);
    const present = new Set(found.map((s) => s.id));
    this.remove(ids.filter((id) => !present.has(id)));
  }
}
