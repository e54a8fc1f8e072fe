import { DELETED_VERSION, type ServiceListQuery } from '@mealprep/contracts';
import type { StoredService } from '../../data-access/service-mapping';
import type { ServiceRepository } from '../../data-access/service-repository';
import { CatalogIndex } from './catalog-index';
import { listing, location, mealTypeRepository, places, regionRepository } from '../../testing/builders';
import { catalogOver, FakeServices } from '../../testing/fakes';

const ALL: ServiceListQuery = { page: 1, pageSize: 50, sort: 'name' };
const listed = (catalog: CatalogIndex) => catalog.index.query(ALL, Date.now()).items.map((i) => i.name);

function fixture() {
  const published = listing({ name: 'Green Fork Kitchen', locations: [location('Austin', 'Texas')], version: 3 });
  const closed = listing({ name: 'Closed Kitchen', status: 'closed' });
  const draft = listing({ name: 'Draft Kitchen', status: 'draft', ownerUserId: 'ann' });
  return { published, closed, draft, services: new FakeServices([published, closed, draft]) };
}

describe('the catalogue held in memory', () => {
  it('when it is loaded, then the lists hold the published services, service pages the published and closed ones, and the admin table all', async () => {
    const { published, closed, draft, services } = fixture();
    const catalog = await catalogOver(services);
    expect(listed(catalog)).toEqual(['Green Fork Kitchen']);
    expect(catalog.findPublic(published.slug)?.id).toBe(published.id);
    expect(catalog.findPublic(closed.slug)?.status).toBe('closed');
    expect(catalog.findPublic(draft.slug)).toBeNull();
    expect(catalog.admin.size).toBe(3);
  });

  it('when a service page is read, then it shows neither the owner, the submission metadata nor the version, and says whether it may be claimed', async () => {
    const { published, services } = fixture();
    const catalog = await catalogOver(services);
    const page = catalog.findPublic(published.slug) as Record<string, unknown>;
    expect(page).not.toHaveProperty('ownerUserId');
    expect(page).not.toHaveProperty('metadata');
    expect(page).not.toHaveProperty('version');
    expect(page.claimable).toBe(true);
  });

  it('when a newer version of a service is applied, then every index shows it; an older or equal version (an event late or twice) changes nothing', async () => {
    const { published, services } = fixture();
    const catalog = await catalogOver(services);
    catalog.apply({ ...published, name: 'Green Fork Renamed', version: 4 });
    catalog.apply({ ...published, name: 'Stale Name', version: 3 });
    catalog.apply({ ...published, name: 'Older Still', version: 2 });
    expect(listed(catalog)).toEqual(['Green Fork Renamed']);
    expect(catalog.admin.row(published.id)?.name).toBe('Green Fork Renamed');
    expect(catalog.versionOf(published.id)).toBe(4);
  });

  it('when a service changes its slug, then its page answers at the new slug only', async () => {
    const { published, services } = fixture();
    const catalog = await catalogOver(services);
    catalog.apply({ ...published, slug: 'green-fork-austin', version: 4 });
    expect(catalog.findPublic(published.slug)).toBeNull();
    expect(catalog.findPublic('green-fork-austin')?.id).toBe(published.id);
  });

  it('when a published service goes back to review, then it leaves the lists and its page', async () => {
    const { published, services } = fixture();
    const catalog = await catalogOver(services);
    catalog.apply({ ...published, status: 'pending', version: 4 });
    expect(listed(catalog)).toEqual([]);
    expect(catalog.findPublic(published.slug)).toBeNull();
    expect(catalog.admin.row(published.id)?.status).toBe('pending');
  });

  it('when a service is deleted, then it is gone from every index and no later event brings it back', async () => {
    const { published, services } = fixture();
    const catalog = await catalogOver(services);
    catalog.remove([published.id]);
    catalog.apply({ ...published, version: 99 });
    expect(listed(catalog)).toEqual([]);
    expect(catalog.findPublic(published.slug)).toBeNull();
    expect(catalog.admin.row(published.id)).toBeNull();
    expect(catalog.versionOf(published.id)).toBe(DELETED_VERSION);
  });

  it('when another instance wrote some services, then reading them again applies the changed ones and removes the ones gone', async () => {
    const { published, closed, services } = fixture();
    const catalog = await catalogOver(services);
    await services.modify(published.id, () => ({ set: { name: 'Changed Elsewhere' }, announce: () => [] }));
    await services.deleteMany([closed.id], []);
    await catalog.reload([published.id, closed.id]);
    expect(listed(catalog)).toEqual(['Changed Elsewhere']);
    expect(catalog.findPublic(closed.slug)).toBeNull();
  });

  it('when a change is applied while everything is being loaded again, then the load does not put back the older copy it read', async () => {
    const { published, closed, services } = fixture();
    let release: (all: StoredService[]) => void = () => {};
    const slowServices = {
      listAll: () => new Promise<StoredService[]>((resolve) => (release = resolve)),
      findByIds: async () => [],
    } as unknown as ServiceRepository;
    const catalog = new CatalogIndex({ services: slowServices, regions: regionRepository(), mealTypes: mealTypeRepository(), places: places() });
    const loading = catalog.refresh();
    await Promise.resolve();
    catalog.apply({ ...published, name: 'Written During Load', version: 4 });
    catalog.remove([closed.id]);
    release(await services.listAll());
    await loading;
    expect(listed(catalog)).toEqual(['Written During Load']);
    expect(catalog.findPublic(closed.slug)).toBeNull();
  });
});
