import { EMPTY_OFFER, EventPayloadSchemas } from '@mealprep/contracts';
import { describe, expect, it } from 'vitest';
import { usPlaces } from '../src/data-access/us-places';
import type { StoredService } from '../src/data-access/service-mapping';
import { PublicIndex } from '../src/domain/catalogue/public-index';
import { as, sampleListing as listing, useCatalog } from './harness';

const owner = () => as('owner-a');
const admin = () => as('boss', ['admin']);

const SERVICE_EVENTS = ['catalog.service.created', 'catalog.service.updated', 'catalog.service.deleted', 'catalog.service.status-changed'] as const;
type ServiceEventType = (typeof SERVICE_EVENTS)[number];

/**
 * The events of a listing say whether visitors see the change (publicChange), so that the caches of
 * public pages and lists (the gateway's, the renderer's) are dropped only when they are stale: never
 * for an owner's draft or pending listing, nor for a save that changed nothing shown.
 */
describe('whether a listing event is one visitors see', () => {
  const catalog = useCatalog('catalog-public-change');
  const { send } = catalog;
  /** The service events announced from `from` on, as a consumer reads them: type and what it says of visitors. */
  const announced = (from: number) =>
    catalog.events.slice(from).flatMap((event) => {
      if (!(SERVICE_EVENTS as readonly string[]).includes(event.type)) return [];
      const payload = EventPayloadSchemas[event.type as ServiceEventType].parse(event.payload);
      return [`${event.type} ${payload.slug} ${payload.publicChange}`];
    });
  /** Does what `act` does and gives the service events it announced (each write announces before it answers; the broker brings them here). */
  const after = async (expected: number, act: () => Promise<void>) => {
    const from = catalog.events.length;
    await act();
    await expect.poll(() => announced(from).length).toBe(expected);
    return announced(from);
  };
  const ok = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const answer = await send(method, path, headers, body);
    expect([method, path, answer.status]).toEqual([method, path, expect.toBeOneOf([200, 201])]);
    return answer.body;
  };

  it('when an owner creates, saves and submits a draft, then no event says visitors see it; publishing, a public field, featuring, unpublishing and deleting a public listing do; saving it unchanged does not', async () => {
    let id = '';
    expect(
      await after(4, async () => {
        id = String((await ok('POST', '/services', owner(), listing('Sunrise Prep Co', 'sunrise-prep-co'))).id);
        await ok('PATCH', `/services/${id}`, owner(), { tagline: 'Breakfasts at dawn' });
        await ok('POST', `/services/${id}/submit`, owner());
        await ok('PATCH', `/services/${id}`, owner(), { description: 'Boxes on Mondays.' });
      }),
    ).toEqual([
      'catalog.service.created sunrise-prep-co false',
      'catalog.service.updated sunrise-prep-co false',
      'catalog.service.status-changed sunrise-prep-co false',
      'catalog.service.updated sunrise-prep-co false',
    ]);
    expect(await after(1, () => ok('PATCH', `/admin/services/${id}/status`, admin(), { status: 'published' }).then(() => undefined))).toEqual(['catalog.service.status-changed sunrise-prep-co true']);
    expect(await after(1, () => ok('PATCH', `/services/${id}`, owner(), { tagline: 'Breakfasts at dawn' }).then(() => undefined))).toEqual(['catalog.service.updated sunrise-prep-co false']);
    expect(await after(1, () => ok('PATCH', `/services/${id}`, owner(), { tagline: 'Breakfasts at sunrise' }).then(() => undefined))).toEqual(['catalog.service.updated sunrise-prep-co true']);
    expect(await after(1, () => ok('POST', `/admin/services/${id}/feature`, admin(), { days: 7 }).then(() => undefined))).toEqual(['catalog.service.updated sunrise-prep-co true']);
    // Renamed by its owner, it goes back to review: it leaves the public site.
    expect(await after(2, () => ok('PATCH', `/services/${id}`, owner(), { name: 'Sunrise Prep' }).then(() => undefined))).toEqual([
      'catalog.service.updated sunrise-prep-co true',
      'catalog.service.status-changed sunrise-prep-co true',
    ]);
    expect(await after(1, () => ok('PATCH', `/services/${id}`, owner(), { tagline: 'Pending again' }).then(() => undefined))).toEqual(['catalog.service.updated sunrise-prep-co false']);
    expect(await after(1, () => ok('DELETE', `/admin/services/${id}`, admin()).then(() => undefined))).toEqual(['catalog.service.deleted sunrise-prep-co false']);

    let shown = '';
    await after(3, async () => {
      shown = String((await ok('POST', '/services', owner(), listing('Moonlight Meals', 'moonlight-meals'))).id);
      await ok('POST', `/services/${shown}/submit`, owner());
      await ok('PATCH', `/admin/services/${shown}/status`, admin(), { status: 'published' });
    });
    expect(await after(1, () => ok('DELETE', `/admin/services/${shown}`, admin()).then(() => undefined))).toEqual(['catalog.service.deleted moonlight-meals true']);
  });
});

describe("the public index's derived tables", () => {
  const service = (id: string, status: StoredService['status']): StoredService => ({
    id,
    name: `Kitchen ${id}`,
    slug: `kitchen-${id}`,
    tagline: '',
    description: '',
    defaultCurrency: 'USD',
    languages: ['en'],
    mealTypes: ['keto'],
    status,
    featuredUntil: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    publishedAt: null,
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    deliveryRadiusMiles: 25,
    contact: { email: '', phone: '', website: '', socialLinks: [] },
    locations: [{ label: '', address: { line1: '', city: 'Austin', region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true, point: null }],
    media: { logoImageId: null },
    offer: EMPTY_OFFER,
    rating: { average: null, count: 0 },
    ownerUserId: 'owner-a',
    metadata: {},
    version: 1,
  });

  it('when a listing that is not published changes or goes, then the tables built from the index (near-me cells, cities) stand; a published one changes them', () => {
    const index = new PublicIndex(usPlaces());
    index.rebuild([service('a', 'published')], [{ slug: 'texas', name: 'Texas', countryCode: 'US', type: 'state' }], []);
    const built = index.generation;
    index.upsert(service('b', 'draft'));
    index.upsert(service('b', 'pending'));
    index.remove('b');
    index.remove('nobody');
    expect(index.generation).toBe(built);
    index.upsert(service('b', 'published'));
    expect(index.generation).toBeGreaterThan(built);
    const published = index.generation;
    index.upsert(service('b', 'draft'));
    expect(index.generation).toBeGreaterThan(published);
    expect(index.size).toBe(1);
  });
});
