import { EventPayloadSchemas, type EditableService } from '@mealprep/contracts';
import { describe, expect, it } from 'vitest';
import { sampleListing, useCatalog } from './harness';
import { NOW, admin, newcomer, ownerCalled, visitor } from './reviewers';

const owner = ownerCalled('owner-unseen', 'owner@unseen.example.com');

/**
 * A step visitors do not see (a report, a review held for staff, the trail's entry for it) changes
 * neither the listing (its version) nor what is kept for visitors: the catalogue's indexes and the
 * answers kept with them, and (its event says publicChange false) the gateway's pages.
 */
describe('steps of reviews that visitors do not see', () => {
  const catalog = useCatalog('catalog-unseen-steps', { now: NOW });
  const { send } = catalog;
  const reviewEvents = (from: number) =>
    catalog.events.slice(from).flatMap((event) => (event.type === 'catalog.review.changed' ? [EventPayloadSchemas['catalog.review.changed'].parse(event.payload)] : []));

  it("when a shown review is reported and a new account's review is held, then the listing's version, the indexes' version and every kept answer stay as they were", async () => {
    const created = await send('POST', '/services', owner(), sampleListing('Quiet Kitchen', 'quiet-kitchen'));
    const id = created.body.id as string;
    expect((await send('PATCH', `/admin/services/${id}/status`, admin(), { status: 'published' })).status).toBe(200);
    const shown = await send('POST', `/services/${id}/reviews`, visitor('first'), { rating: 4, text: 'Good food, always on time, and the portions are generous.', name: 'Ana' });
    expect(shown.body.status).toBe('published');
    // The shown review's own changes (the rating on the listing) have settled.
    await expect.poll(async () => ((await send('GET', '/services/by-slug/quiet-kitchen')).body as { rating?: { count: number } }).rating?.count).toBe(1);

    const reads = ['/services/by-slug/quiet-kitchen', '/services/by-slug/quiet-kitchen/reviews', '/services?page=1&pageSize=6', '/services?state=texas&facets=true&page=1&pageSize=6'];
    const etags = async () => Promise.all(reads.map(async (path) => `${path} ${(await send('GET', path)).headers.get('etag')}`));
    const listingVersion = async () => ((await send('GET', `/services/${id}/edit`, admin())).body as unknown as EditableService).version;
    const before = { listing: await listingVersion(), indexes: catalog.catalog.version, etags: await etags() };
    const from = catalog.events.length;

    expect((await send('POST', `/reviews/${shown.body.id as string}/reports`, visitor('second'), { reason: 'This reads like an advert to me.' })).status).toBe(201);
    expect((await send('POST', `/services/${id}/reviews`, newcomer('fresh'), { rating: 1, text: 'Never again, cold food and a rude driver each time.', name: 'Bo' })).body.status).toBe('held');
    // Both steps announced (the staff's queues and the trail follow them), neither as one visitors see.
    await expect.poll(() => reviewEvents(from).length).toBe(2);
    expect(reviewEvents(from).map((event) => event.publicChange)).toEqual([false, false]);
    expect(await send('GET', '/admin/reviews?status=reported', admin()).then((answer) => (answer.body as { items: Array<{ id: string }> }).items.map((r) => r.id))).toEqual([shown.body.id]);

    expect({ listing: await listingVersion(), indexes: catalog.catalog.version, etags: await etags() }).toEqual(before);
  });
});
