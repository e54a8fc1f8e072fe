import { DELETED_VERSION, ServiceSnapshotRequestSchema, type ServiceSnapshot } from '@mealprep/contracts';
import { verifyInternal } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkerRepositories, ensureCheckerIndexes } from '../src/app';
import { subscribeCatalogEvents, syncFromCatalog } from '../src/entry-points/mq/catalog-events';

const id = (n: number) => `65b0000000000000000000${String(n).padStart(2, '0')}`;

/**
 * svc-checker's copy of the catalogue: versioned events applied in any order, deletes that stay
 * deleted, imports read again from svc-catalog's internal route (served here by a stand-in that
 * answers its contract), and the load at start.
 */
describe("svc-checker's copy of the services", () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let catalog: Awaited<ReturnType<typeof serve>>;
  let repositories: ReturnType<typeof checkerRepositories>;
  /** What the stand-in svc-catalog holds. */
  const snapshots = new Map<string, ServiceSnapshot>();
  const snapshot = (n: number, version: number, name: string, status = 'published'): ServiceSnapshot => ({
    serviceId: id(n),
    name,
    slug: `kitchen-${n}`,
    website: `https://kitchen-${n}.example.com`,
    status,
    featuredUntil: null,
    logoImageId: null,
    version,
  });

  beforeAll(async () => {
    db = await testDatabase('checker-projection');
    mq = await testBroker('checker-projection');
    const app = express();
    app.use(express.json());
    app.use('/internal/services/snapshots', (req, res) => {
      if (!verifyInternal(req.headers, TEST_IDENTITY_SECRET)) return void res.status(403).end();
      const ids = req.method === 'POST' ? ServiceSnapshotRequestSchema.parse(req.body).ids : [...snapshots.keys()];
      res.json({ items: ids.map((i) => snapshots.get(i)).filter(Boolean) });
    });
    catalog = await serve(app);
    repositories = checkerRepositories(db.connection, testOutbox(db.connection));
    await ensureCheckerIndexes(repositories);
    await subscribeCatalogEvents({ broker: mq.broker, ...repositories, catalogUrl: catalog.url, identitySecret: TEST_IDENTITY_SECRET, logger: silentLogger });
  });
  afterAll(async () => {
    await catalog?.close();
    await mq?.destroy();
    await db?.drop();
  });

  let published = 0;
  const publish: typeof mq.broker.publish = (type, payload) => {
    published += 1;
    return mq.broker.publish(type, payload);
  };
  const change = (type: 'catalog.service.created' | 'catalog.service.updated', n: number, version: number, name: string, status: 'published' | 'draft' = 'published') =>
    publish(type, { serviceId: id(n), slug: `kitchen-${n}`, status, name, website: `https://kitchen-${n}.example.com`, version });
  /** Waits until every event published so far was handled (they are handled several at a time, in any order). */
  const settled = () => expect.poll(() => mq.broker.handled.get('checker-catalog-events') ?? 0).toBe(published);

  it('when a newer change arrives before an older one, then the older one changes nothing', async () => {
    await change('catalog.service.created', 1, 1, 'First Name');
    await change('catalog.service.updated', 1, 3, 'Third Name');
    await change('catalog.service.updated', 1, 2, 'Second Name');
    await settled();
    expect(await repositories.services.findById(id(1))).toMatchObject({ name: 'Third Name' });
  });

  it('when a change arrives after the service was deleted, then it stays deleted', async () => {
    await change('catalog.service.created', 2, 1, 'Short Lived');
    await publish('catalog.service.deleted', { serviceId: id(2), slug: 'kitchen-2', status: 'published', version: DELETED_VERSION });
    await change('catalog.service.updated', 2, 2, 'Late Update');
    await settled();
    expect(await repositories.services.findById(id(2))).toBeNull();
    expect((await repositories.services.listCheckable()).map((s) => s.id)).not.toContain(id(2));
  });

  it('when an import names the services it wrote, then their state is read from svc-catalog, newer ones only', async () => {
    snapshots.set(id(3), snapshot(3, 1, 'Imported Kitchen'));
    snapshots.set(id(1), snapshot(1, 2, 'Stale Name From Catalog'));
    await publish('catalog.services.imported', { created: 1, updated: 1, serviceIds: [id(3), id(1)] });
    await settled();
    expect(await repositories.services.findById(id(3))).toMatchObject({ name: 'Imported Kitchen', website: 'https://kitchen-3.example.com', status: 'published' });
    expect(await repositories.services.findById(id(1))).toMatchObject({ name: 'Third Name' });
  });

  it('when the copy is loaded whole at start, then services svc-catalog no longer has go, and newer states replace older ones', async () => {
    snapshots.clear();
    snapshots.set(id(1), snapshot(1, 4, 'Fourth Name'));
    snapshots.set(id(3), snapshot(3, 1, 'Imported Kitchen'));
    expect(await syncFromCatalog({ services: repositories.services, catalogUrl: catalog.url, identitySecret: TEST_IDENTITY_SECRET, logger: silentLogger })).toBe(true);
    expect((await repositories.services.listCheckable()).map((s) => s.name).sort()).toEqual(['Fourth Name', 'Imported Kitchen']);
  });
});
