import { testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_FIELDS, toSnapshot } from '../src/data-access/service-mapping';
import { serviceRepository, type ServiceRepository } from '../src/data-access/service-repository';

/**
 * Reads of many services by id (finds by many keys, which the FerretDB launcher reads key by key)
 * answer exactly as reading each id alone would: in the order asked, each once, unknown and
 * malformed ids left out, with the fields each read gives.
 */
describe('services read by many ids', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let services: ServiceRepository;
  const ids: string[] = [];

  beforeAll(async () => {
    db = await testDatabase('service-reads');
    services = serviceRepository(db.connection, testOutbox(db.connection));
    const at = new Date('2026-01-05T10:00:00.000Z');
    const docs = Array.from({ length: 6 }, (_, i) => ({
      _id: new Types.ObjectId(),
      name: `Read Kitchen ${i}`,
      slug: `read-kitchen-${i}`,
      status: i % 2 ? 'published' : 'draft',
      tagline: `Tagline ${i}`,
      contact: { email: `k${i}@read.example.com`, phone: '', website: `https://k${i}.example.com`, socialLinks: [] },
      media: { logoImageId: i === 1 ? 'logo-1' : null },
      ownerUserId: i === 2 ? 'owner-2' : null,
      statusHistory: [{ at, byUserId: 'owner-2', byEmail: 'owner@read.example.com', from: null, to: 'draft', reason: null }],
      createdAt: at,
      updatedAt: at,
      version: i + 1,
    }));
    await db.connection.collection('services').insertMany(docs);
    ids.push(...docs.map((d) => String(d._id)));
  });
  afterAll(async () => {
    await db?.drop();
  });

  /** What reading each id alone gives (the repository's findById), for the ids asked once each. */
  const oneByOne = async (asked: readonly string[]) => {
    const found = [];
    for (const id of new Set(asked)) {
      if (!Types.ObjectId.isValid(id)) continue;
      const service = await services.findById(id);
      if (service) found.push(service);
    }
    return found;
  };

  it('when ids are asked out of order, twice, unknown or malformed, then findByIds gives the services found, each once, in the order asked, as findById gives each', async () => {
    const unknown = String(new Types.ObjectId());
    const asked = [ids[4]!, ids[1]!, 'not-an-id', ids[4]!, unknown, ids[0]!, '', ids[1]!, ids[5]!.toUpperCase()];
    const found = await services.findByIds(asked);
    expect(found.map((s) => s.id)).toEqual([ids[4], ids[1], ids[0], ids[5]]);
    expect(found).toEqual(await oneByOne(asked));
    expect(found[1]).toMatchObject({ name: 'Read Kitchen 1', status: 'published', version: 2, media: { logoImageId: 'logo-1' } });
    expect(await services.findByIds([])).toEqual([]);
    expect(await services.findByIds([unknown, 'nope'])).toEqual([]);
  });

  it('when more ids are asked than one find takes (1,000), then the services found come in the order asked across the finds', async () => {
    const asked = Array.from({ length: 1_100 }, () => String(new Types.ObjectId()));
    // Stored services at both ends of each find, in the reverse of their _id order.
    asked[0] = ids[5]!;
    asked[999] = ids[3]!;
    asked[1_000] = ids[2]!;
    asked[1_099] = ids[0]!;
    const found = await services.findByIds(asked);
    expect(found.map((s) => s.id)).toEqual([ids[5], ids[3], ids[2], ids[0]]);
    expect(found).toEqual(await oneByOne([ids[5]!, ids[3]!, ids[2]!, ids[0]!]));
  });

  it('when snapshots are asked by id, then each service found gives its snapshot once, in the order asked, as a read of the snapshot fields by id gives it', async () => {
    const unknown = String(new Types.ObjectId());
    const asked = [ids[3]!, unknown, ids[1]!, ids[3]!, ids[2]!];
    const snapshots = await services.snapshotsByIds(asked);
    expect(snapshots.map((s) => s.serviceId)).toEqual([ids[3], ids[1], ids[2]]);
    const Model = db.connection.model('Service');
    const expected = [];
    for (const id of [ids[3]!, ids[1]!, ids[2]!]) expected.push(toSnapshot((await Model.findById(id, SNAPSHOT_FIELDS).lean()) as Record<string, unknown>));
    expect(snapshots).toEqual(expected);
    expect(snapshots[1]).toEqual({
      serviceId: ids[1],
      name: 'Read Kitchen 1',
      slug: 'read-kitchen-1',
      website: 'https://k1.example.com',
      status: 'published',
      featuredUntil: null,
      logoImageId: 'logo-1',
      version: 2,
      ownerUserId: null,
      photoIds: [],
    });
  });

  it('when listings are asked for editing by id, then findEditableByIds gives what findEditable gives for each one found', async () => {
    const unknown = String(new Types.ObjectId());
    const found = await services.findEditableByIds([ids[2]!, unknown, 'nope', ids[2]!, ids[0]!, ids[1]!.toUpperCase()]);
    expect([...found.keys()]).toEqual([ids[2], ids[0]]);
    expect(found.get(ids[2]!)).toEqual(await services.findEditable(ids[2]!));
    expect(found.get(ids[0]!)).toEqual(await services.findEditable(ids[0]!));
    expect(found.get(ids[2]!)).toMatchObject({ ownerUserId: 'owner-2', statusHistory: [{ byEmail: 'owner@read.example.com', to: 'draft' }] });
  });
});
