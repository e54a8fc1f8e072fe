import type { ServiceListQuery } from '@mealprep/contracts';
import { closeFromWebsiteCheck, CLOSED_BY_CHECK_REASON } from './website-check-close';
import { listing } from '../../testing/builders';
import { FakeServices, ownerDeps } from '../../testing/fakes';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const ALL: ServiceListQuery = { page: 1, pageSize: 50, sort: 'name' };

async function setUp() {
  const open = listing({ name: 'Green Fork Kitchen', version: 2 });
  const services = new FakeServices([open]);
  const { deps, events, catalog } = await ownerDeps(services, { now: NOW });
  const payload = { checkId: 'check-1', serviceId: open.id, byUserId: 'admin-1', byEmail: 'admin-1@staff.example.com' };
  return { open, services, deps, events, catalog, payload };
}

describe('closing a listing from its website check', () => {
  it('when an admin marks a check closed, then the listing is closed with who and why in its trail, leaves the lists (its page stays, as closed) and the change is announced', async () => {
    const { open, services, deps, events, catalog, payload } = await setUp();
    expect(await closeFromWebsiteCheck(deps, payload)).toBe(true);
    expect(services.get(open.id)?.status).toBe('closed');
    expect(services.history(open.id)?.statusHistory).toEqual([
      { at: NOW.toISOString(), byUserId: 'admin-1', byEmail: 'admin-1@staff.example.com', from: 'published', to: 'closed', reason: CLOSED_BY_CHECK_REASON },
    ]);
    expect(catalog.index.query(ALL, NOW.getTime()).total).toBe(0);
    expect(catalog.findPublic(open.slug)?.status).toBe('closed');
    expect(services.written.map((e) => [e.type, (e.payload as { reason: string }).reason])).toEqual([['catalog.service.status-changed', CLOSED_BY_CHECK_REASON]]);
    expect(events.relays).toBe(1);
  });

  it('when the same message is delivered again, then nothing more is written or announced', async () => {
    const { open, services, deps, payload } = await setUp();
    await closeFromWebsiteCheck(deps, payload);
    const version = services.get(open.id)?.version;
    expect(await closeFromWebsiteCheck(deps, payload)).toBe(false);
    expect(services.get(open.id)?.version).toBe(version);
    expect(services.written).toHaveLength(1);
    expect(services.history(open.id)?.statusHistory).toHaveLength(1);
  });

  it('when the listing was deleted meanwhile, then nothing happens', async () => {
    const { deps, events, payload } = await setUp();
    expect(await closeFromWebsiteCheck(deps, { ...payload, serviceId: 'gone' })).toBe(false);
    expect(events.relays).toBe(0);
  });
});
