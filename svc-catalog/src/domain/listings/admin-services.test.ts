import { DELETED_VERSION, type ServiceListQuery } from '@mealprep/contracts';
import { adminSetStatus, bulkSetStatus, feature, listForAdmin, remove, unfeature } from './admin-services';
import { listing, refusal, staff } from '../../testing/builders';
import { FakeServices, ownerDeps } from '../../testing/fakes';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const ALL: ServiceListQuery = { page: 1, pageSize: 50, sort: 'name' };

async function setUp() {
  const a = listing({ name: 'Alpha Meals', createdAt: '2026-01-01T00:00:00.000Z' });
  const b = listing({ name: 'Beta Bowls', createdAt: '2026-03-01T00:00:00.000Z' });
  const pending = listing({ name: 'Pending Plates', status: 'pending', createdAt: '2026-02-01T00:00:00.000Z' });
  const services = new FakeServices([a, b, pending]);
  const { deps, events, catalog } = await ownerDeps(services, { now: NOW });
  const names = (query: Partial<ServiceListQuery> = {}) => catalog.index.query({ ...ALL, ...query }, NOW.getTime()).items.map((i) => i.name);
  return { deps, events, catalog, services, names, a, b, pending };
}

describe('featuring', () => {
  it('when an admin features published services for some days, then they are featured until then, and no longer once unfeatured', async () => {
    const { deps, names, a, b } = await setUp();
    expect(await feature(deps, [a.id, b.id], 30, false)).toEqual({ updated: 2, featuredUntil: '2026-07-01T12:00:00.000Z' });
    expect(names({ featured: true })).toEqual(['Alpha Meals', 'Beta Bowls']);
    expect(await unfeature(deps, [a.id])).toEqual({ updated: 1 });
    expect(names({ featured: true })).toEqual(['Beta Bowls']);
  });

  it('when any service chosen is not published, then nothing is featured, with the message for one or for many', async () => {
    const { deps, names, a, pending } = await setUp();
    expect(await refusal(feature(deps, [pending.id], 30, true))).toMatchObject({ status: 409, message: 'Only published services can be featured' });
    expect(await refusal(feature(deps, [a.id, pending.id], 30, false))).toMatchObject({ status: 409, message: 'Only published services can be featured. 1 selected service(s) are not published.' });
    expect(names({ featured: true })).toEqual([]);
  });
});

describe('bulk changes', () => {
  it('when a selection names a service that does not exist (any more), then nothing is changed', async () => {
    const { deps, services, a } = await setUp();
    expect(await refusal(bulkSetStatus(deps, staff(), [a.id, 'gone-1', 'gone-2'], 'closed'))).toMatchObject({
      status: 404,
      message: '2 of the selected services do not exist (any more). Nothing was changed.',
    });
    expect(services.get(a.id)?.status).toBe('published');
  });

  it('when an admin closes several, then only those whose status changes are counted and announced, and they leave the public lists', async () => {
    const { deps, services, names, a, b } = await setUp();
    await adminSetStatus(deps, staff(), b.id, 'closed', null);
    const before = services.written.length;
    expect(await bulkSetStatus(deps, staff(), [a.id, b.id], 'closed')).toEqual({ updated: 1 });
    expect(services.written.slice(before).map((e) => [e.type, (e.payload as { serviceId: string }).serviceId])).toEqual([['catalog.service.status-changed', a.id]]);
    expect(names()).toEqual([]);
  });

  it('when an admin publishes a pending listing, then it joins the public lists with the reason in its trail', async () => {
    const { deps, names, pending } = await setUp();
    const edited = await adminSetStatus(deps, staff(), pending.id, 'published', 'Checked by phone');
    expect(edited.statusHistory.at(-1)).toMatchObject({ from: 'pending', to: 'published', reason: 'Checked by phone', byEmail: 'admin-1@staff.example.com' });
    expect(names()).toContain('Pending Plates');
    expect(await refusal(adminSetStatus(deps, staff(), 'no-such-id', 'published', null))).toMatchObject({ status: 404 });
  });

  it('when an admin deletes services, then they are gone from every list and the deletion is announced with a version no later event can beat', async () => {
    const { deps, services, catalog, names, a } = await setUp();
    expect(await remove(deps, [a.id])).toEqual({ deleted: 1 });
    expect(services.written.at(-1)).toMatchObject({ type: 'catalog.service.deleted', payload: { serviceId: a.id, version: DELETED_VERSION } });
    expect(names()).toEqual(['Beta Bowls']);
    expect(catalog.findPublic(a.slug)).toBeNull();
  });

  it('when admins list every service, then the newest come first, whatever the status, filtered by status and searched by name', async () => {
    const { deps } = await setUp();
    expect(listForAdmin(deps, ALL).items.map((r) => r.name)).toEqual(['Beta Bowls', 'Pending Plates', 'Alpha Meals']);
    expect(listForAdmin(deps, { ...ALL, status: 'pending' }).items.map((r) => r.name)).toEqual(['Pending Plates']);
    expect(listForAdmin(deps, { ...ALL, q: 'alpha' }).items.map((r) => r.name)).toEqual(['Alpha Meals']);
  });
});
