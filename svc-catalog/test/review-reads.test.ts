import { describe, expect, it } from 'vitest';
import { sampleListing, useCatalog } from './harness';
import { NOW, admin, ownerCalled, visitor } from './reviewers';

const owner = ownerCalled('owner-reads', 'owner@reads.example.com');

type Filter = Record<string, unknown>;
const isKey = (value: unknown) => typeof value === 'string' || (typeof value === 'object' && value !== null && '_bsontype' in value);
/** Commands the FerretDB launcher decides itself with the document read by its key: conditions beside the `_id` (the version guard) are taken only by these. */
const DECIDED_BY_KEY = new Set(['updateOne', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace']);

/**
 * A filter the database answers by the key alone (MongoDB from the _id index; FerretDB through the
 * launcher): `_id` equal to one key or one of some, and the version guard only where the launcher
 * decides it (a delete with a condition beside the `_id` reads the whole collection).
 */
function byKey(method: string, filter: Filter | undefined): boolean {
  if (!filter || !('_id' in filter)) return false;
  const id = filter._id as unknown;
  const keyed = isKey(id) || (typeof id === 'object' && id !== null && Object.keys(id).length === 1 && Array.isArray((id as { $in?: unknown }).$in) && (id as { $in: unknown[] }).$in.every(isKey));
  return keyed && Object.keys(filter).every((name) => name === '_id' || (name === 'version' && DECIDED_BY_KEY.has(method)));
}

/** The filters an operation reads by (none for an insert). */
function filtersOf(method: string, params: unknown[]): Filter[] {
  if (method.startsWith('insert')) return [];
  if (method === 'bulkWrite') {
    return (params[0] as Array<Record<string, { filter?: Filter }>>).flatMap((operation) => Object.values(operation).flatMap((op) => (op?.filter ? [op.filter] : [])));
  }
  return [(params[0] ?? {}) as Filter];
}

/** Collections a review's write and the staff's reading touch. */
const REVIEW_PATH = /^(reviews|review_|reviewers|services$)/;

describe('what a review costs the database', () => {
  const catalog = useCatalog('catalog-review-reads', { now: NOW });
  const send = catalog.send;

  it('when a review is written, edited, reported, replied to, decided, deleted and the staff read their queues, then every read and write of the catalogue is by key: none reads a collection through', async () => {
    const created = await send('POST', '/services', owner(), sampleListing('Keyed Kitchen', 'keyed-kitchen'));
    const id = created.body.id as string;
    expect((await send('PATCH', `/admin/services/${id}/status`, admin(), { status: 'published' })).status).toBe(200);
    // The staff's queues are loaded once an instance is up (one read of every review), as its indexes are.
    expect((await send('GET', '/admin/reviews?status=held', admin())).status).toBe(200);

    const unkeyed: string[] = [];
    const watch = ({ collectionName, method, params }: { collectionName: string; method: string; params: unknown[] }) => {
      if (!REVIEW_PATH.test(collectionName)) return;
      for (const filter of filtersOf(method, params)) if (!byKey(method, filter)) unkeyed.push(`${collectionName}.${method}(${JSON.stringify(filter)})`);
    };
    catalog.db.connection.on('operation-start', watch);
    try {
      const written = await send('POST', `/services/${id}/reviews`, visitor('keyed'), { rating: 4, text: 'Hearty stews and fresh salads, delivered on time.', name: 'Kay' });
      expect(written.status).toBe(201);
      const reviewId = written.body.id as string;
      expect((await send('PATCH', `/reviews/${reviewId}`, visitor('keyed'), { rating: 5, text: 'Hearty stews and fresh salads, always on time.', name: 'Kay' })).status).toBe(200);
      expect((await send('GET', `/services/by-slug/keyed-kitchen/reviews`)).status).toBe(200);
      expect((await send('GET', `/services/${id}/reviews/mine?shown=${reviewId}`, visitor('other'))).status).toBe(200);
      expect((await send('POST', `/reviews/${reviewId}/reports`, visitor('other'), { reason: 'Looks like an advert.' })).status).toBe(201);
      expect((await send('POST', `/reviews/${reviewId}/reply`, owner(), { text: 'Thank you for the kind words!' })).status).toBe(201);
      for (const queue of ['held', 'reported', 'replies', 'published']) expect((await send('GET', `/admin/reviews?status=${queue}`, admin())).status).toBe(200);
      expect((await send('POST', `/admin/reviews/${reviewId}/decision`, admin(), { decision: 'approve' })).status).toBe(200);
      const held = await send('POST', `/services/${id}/reviews`, visitor('linker'), { rating: 1, text: 'Cheaper at www.other-meals.example.com, honestly.', name: 'Lin' });
      expect(held.body.status).toBe('held');
      expect((await send('POST', `/admin/reviews/${held.body.id as string}/decision`, admin(), { decision: 'reject', reason: 'No advertising.' })).status).toBe(200);
      expect((await send('DELETE', `/reviews/${held.body.id as string}`, visitor('linker'))).status).toBe(204);
      expect((await send('DELETE', `/reviews/${reviewId}`, visitor('keyed'))).status).toBe(204);
      expect((await send('GET', `/services/${id}/edit`, admin())).status).toBe(200);
      // The events of these changes reach every instance's queues and the ledger, which read by key too (those that come while this waits are watched).
      await expect.poll(() => catalog.events.filter((e) => e.type === 'catalog.review.changed').length).toBe(9);
    } finally {
      catalog.db.connection.off('operation-start', watch);
    }
    expect(unkeyed).toEqual([]);
  });
});
