import type { EditableService, EventEnvelope, ServiceInsertInput } from '@mealprep/contracts';
import { OUTBOX_FIELD } from '@mealprep/service-kit';
import { describe, expect, it } from 'vitest';
import { as, useCatalog } from './harness';

/**
 * Writers of one listing at the same moment: owners saving, admins acting singly and in bulk, the
 * outbox relay letting go of sent events. Every change and every event must be there afterwards,
 * on the default database (FerretDB) as on MongoDB.
 */
const owner = () => as('owner-race');
const admin = () => as('boss', ['admin']);

function listing(n: number): ServiceInsertInput {
  return {
    name: `Race Kitchen ${n}`,
    slug: `race-kitchen-${n}`,
    tagline: 'First tagline',
    description: 'First description.',
    mealTypes: [],
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    contact: { email: `hello${n}@race.example.com`, phone: '555-0100', website: '', socialLinks: [] },
    locations: [{ label: '', address: { line1: '1 Main St', city: 'Austin', region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true }],
    media: { logoImageId: null },
    metadata: { ownerName: 'Ray Race', termsAccepted: true, submittedVia: 'dashboard' },
  };
}

describe('writers of one listing at once', () => {
  const catalog = useCatalog('catalog-race');

  const send = catalog.send;
  const create = async (n: number) => {
    const created = await send('POST', '/services', owner(), listing(n));
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const edit = async (id: string) => (await send('GET', `/services/${id}/edit`, admin())).body as unknown as EditableService;
  const eventsOf = (id: string, type?: string) =>
    catalog.events.filter((e): e is EventEnvelope & { payload: { serviceId: string; version: number } } => (e.payload as { serviceId?: string }).serviceId === id && (!type || e.type === type));
  /** The document as stored, with the events it still holds for the broker. */
  const stored = async (id: string) => {
    const doc = await catalog.db.connection.collection('services').findOne({ _id: new (await import('mongoose')).Types.ObjectId(id) });
    return { version: doc?.version as number, waiting: (doc?.[OUTBOX_FIELD] as string[] | undefined) ?? [] };
  };

  it('when 20 saves of one listing arrive at once, then each is applied, announced once with a version of its own, and the stored events are all let go', async () => {
    const id = await create(1);
    const fields = [
      { tagline: 'Owner tagline' },
      { description: 'Admin description.' },
      { contact: { email: 'new@race.example.com', phone: '555-0199', website: '' } },
      { deliveryMethods: { localDelivery: false, pickup: true, shipsDomestically: true, shipsInternationally: false } },
    ];
    const saves = Array.from({ length: 20 }, (_, i) => send('PATCH', `/services/${id}`, i % 2 ? owner() : admin(), fields[i % fields.length]));
    const answers = await Promise.all(saves);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));

    const after = await edit(id);
    expect(after).toMatchObject({
      tagline: 'Owner tagline',
      description: 'Admin description.',
      contact: { email: 'new@race.example.com', phone: '555-0199' },
      deliveryMethods: { localDelivery: false, pickup: true, shipsDomestically: true },
    });
    // Created at version 1, then one version per save: none was lost, none announced twice.
    await expect.poll(() => eventsOf(id, 'catalog.service.updated').length).toBe(20);
    expect(
      eventsOf(id, 'catalog.service.updated')
        .map((e) => e.payload.version)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    await expect.poll(() => stored(id)).toEqual({ version: 21, waiting: [] });
  });

  it('when an admin features listings in bulk while their owner saves each of them, then every listing is featured and keeps its owner’s save, with every event', async () => {
    const ids = [];
    for (let n = 10; n < 20; n += 1) ids.push(await create(n));
    expect((await send('POST', '/admin/services/bulk/status', admin(), { ids, status: 'published' })).status).toBe(200);

    const [bulk, ...saves] = await Promise.all([
      send('POST', '/admin/services/bulk/feature', admin(), { ids, days: 30 }),
      ...ids.map((id, i) => send('PATCH', `/services/${id}`, owner(), { tagline: `Saved ${i}` })),
    ]);
    expect(bulk.status).toBe(200);
    expect(saves.map((s) => s.status)).toEqual(Array(ids.length).fill(200));
    for (const [i, id] of ids.entries()) {
      const after = await edit(id);
      expect(after.tagline).toBe(`Saved ${i}`);
      expect(after.featuredUntil).not.toBeNull();
      expect(after.status).toBe('published');
      // create (1), publish (2), then the feature and the save in either order (3, 4).
      await expect
        .poll(() =>
          eventsOf(id)
            .filter((e) => e.type !== 'catalog.service.created')
            .map((e) => e.payload.version)
            .sort(),
        )
        .toEqual([2, 3, 4]);
      await expect.poll(() => stored(id)).toEqual({ version: 4, waiting: [] });
    }
  });

  it('when an admin closes listings in bulk while their owner saves each of them, then each save either came first or is refused, and nothing reopens a closed listing', async () => {
    const ids = [];
    for (let n = 20; n < 30; n += 1) ids.push(await create(n));
    expect((await send('POST', '/admin/services/bulk/status', admin(), { ids, status: 'published' })).status).toBe(200);

    const [bulk, ...saves] = await Promise.all([
      send('POST', '/admin/services/bulk/status', admin(), { ids, status: 'closed' }),
      // A rename by the owner sends a published listing back to review: it must not undo the close.
      ...ids.map((id, i) => send('PATCH', `/services/${id}`, owner(), { name: `Renamed Kitchen ${i}` })),
    ]);
    expect(bulk.status).toBe(200);
    for (const [i, id] of ids.entries()) {
      const after = await edit(id);
      expect(after.status).toBe('closed');
      expect([200, 403]).toContain(saves[i]!.status);
      expect(after.name).toBe(saves[i]!.status === 200 ? `Renamed Kitchen ${i}` : `Race Kitchen ${20 + i}`);
      expect(after.statusHistory.at(-1)).toMatchObject({ to: 'closed', byUserId: 'boss' });
      // Every write added a status (create, publish, the rename's review, the close): one version each.
      const { version } = await stored(id);
      expect(version).toBe(after.statusHistory.length);
      await expect
        .poll(() =>
          eventsOf(id, 'catalog.service.status-changed')
            .map((e) => e.payload.version)
            .sort(),
        )
        .toEqual(Array.from({ length: version - 1 }, (_, k) => k + 2));
      await expect.poll(async () => (await stored(id)).waiting).toEqual([]);
    }
  });
});
