import type { ServiceList } from '@mealprep/contracts';
import { Broker, Outbox } from '@mealprep/service-kit';
import { silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, serve } from '@mealprep/service-kit/testing';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRepositories, createCatalogApp, ensureCatalogIndexes } from '../src/app';
import { CatalogIndex } from '../src/domain/catalogue/catalog-index';
import { seedDemoCatalog } from '../src/domain/demo-seed';
import { seedReferenceData } from '../src/domain/catalogue/reference-data';
import { subscribeIndexRefresher } from '../src/entry-points/mq/index-refresher';
import { as } from './harness';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const admin = () => as('boss', ['admin']);

/**
 * Two instances of svc-catalog on one database and one exchange, each with its own indexes: a
 * write through one shows in the other's lists (read again by id, never by reloading everything),
 * and after a gap in its events an instance loads everything again.
 */
describe('the catalogue indexes of several instances', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  const instances: Array<{ url: string; loads: () => number; catalog: CatalogIndex; broker: Broker; close: () => Promise<void> }> = [];

  beforeAll(async () => {
    db = await testDatabase('catalog-instances');
    mq = await testBroker('catalog-instances', 'svc-catalog');
    const seeding = catalogRepositories(db.connection, new Outbox({ connection: db.connection, broker: mq.broker, logger: silentLogger }));
    await ensureCatalogIndexes(seeding);
    await seedReferenceData({ ...seeding, events: new Outbox({ connection: db.connection, broker: mq.broker, logger: silentLogger }) });
    await seedDemoCatalog({ ...seeding, events: new Outbox({ connection: db.connection, broker: mq.broker, logger: silentLogger }) }, NOW);
    for (let i = 0; i < 2; i += 1) {
      const broker = new Broker({ url: inject('amqpUrl'), prefix: mq.prefix, source: 'svc-catalog', logger: silentLogger, backoff: { minTimeout: 50, factor: 2, maxTimeout: 500, randomize: false } });
      await broker.connect();
      const outbox = new Outbox({ connection: db.connection, broker, logger: silentLogger });
      const repositories = catalogRepositories(db.connection, outbox);
      let loads = 0;
      const listAll = repositories.services.listAll.bind(repositories.services);
      const catalog = new CatalogIndex({ ...repositories, services: { ...repositories.services, listAll: () => ((loads += 1), listAll()) } });
      await catalog.refresh();
      await subscribeIndexRefresher(broker, catalog, silentLogger);
      const http = await serve(createCatalogApp({ logger: silentLogger, connection: db.connection, broker, outbox, identitySecret: TEST_IDENTITY_SECRET, catalog, now: () => NOW }));
      instances.push({
        url: http.url,
        loads: () => loads,
        catalog,
        broker,
        close: async () => {
          await http.close();
          await outbox.stop();
          await broker.close();
        },
      });
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await mq?.destroy();
    await db?.drop();
  });

  const search = async (url: string, q: string) => ((await (await fetch(`${url}/services?q=${encodeURIComponent(q)}`)).json()) as ServiceList).items.map((s) => s.name);
  const adminRows = async (url: string, q: string) =>
    ((await (await fetch(`${url}/admin/services?q=${encodeURIComponent(q)}`, { headers: admin() })).json()) as { items: Array<{ name: string; status: string }> }).items;
  const send = (url: string, method: string, path: string, body: unknown) =>
    fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json', ...admin() }, body: JSON.stringify(body) });

  it('when an admin renames and unpublishes through one instance, then both instances list the change, and neither loaded the whole catalogue for it', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const loadsBefore = [a.loads(), b.loads()];
    const target = (await adminRows(a.url, 'Green Fork'))[0]!;
    expect(target).toBeDefined();
    const id = (await (await fetch(`${a.url}/admin/services?q=Green%20Fork`, { headers: admin() })).json()).items[0].id as string;

    expect((await send(a.url, 'PATCH', `/services/${id}`, { name: 'Blue Spoon Kitchen' })).status).toBe(200);
    // The writer's own lists change before it answers; the other instance's follow its event.
    expect(await search(a.url, 'Blue Spoon')).toEqual(['Blue Spoon Kitchen']);
    await expect.poll(() => search(b.url, 'Blue Spoon')).toEqual(['Blue Spoon Kitchen']);
    expect(await search(b.url, 'Green Fork')).toEqual([]);

    expect((await send(b.url, 'PATCH', `/admin/services/${id}/status`, { status: 'draft' })).status).toBe(200);
    expect(await search(b.url, 'Blue Spoon')).toEqual([]);
    await expect.poll(() => search(a.url, 'Blue Spoon')).toEqual([]);
    await expect.poll(async () => (await adminRows(a.url, 'Blue Spoon')).map((r) => r.status)).toEqual(['draft']);
    expect([a.loads(), b.loads()]).toEqual(loadsBefore);
  });

  it('when an event of an older version arrives after a newer one was applied, then the lists keep the newer state', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const row = (await (await fetch(`${a.url}/admin/services?q=Blue%20Spoon`, { headers: admin() })).json()).items[0] as { id: string };
    const version = b.catalog.versionOf(row.id);
    expect(version).toBeGreaterThan(1);
    const loads = b.loads();
    const handled = b.broker.handled.get('catalog-index') ?? 0;
    // A stale "updated" (as a redelivery after a crash would bring) names an older version.
    await mq.broker.publish('catalog.service.updated', { serviceId: row.id, slug: 'green-fork-kitchen', status: 'published', name: 'Green Fork Kitchen', version: version - 1 });
    // Its queue takes one event at a time, in order: once this one is handled, so was the stale one.
    await mq.broker.publish('catalog.service.reported-open', { serviceId: row.id, slug: 'blue-spoon-kitchen', reportId: 'sentinel' });
    await expect.poll(() => b.broker.handled.get('catalog-index') ?? 0).toBe(handled + 2);
    expect(await search(b.url, 'Green Fork')).toEqual([]);
    expect(b.catalog.versionOf(row.id)).toBe(version);
    expect(b.loads()).toBe(loads);
  });

  it('when an instance loses its broker connection (its queue, and any event meanwhile, are gone), then it loads the whole catalogue again once back', async () => {
    const b = instances[1]!;
    const before = b.loads();
    const changes: boolean[] = [];
    b.broker.onConnectionChange((connected) => changes.push(connected));
    const internals = b.broker as unknown as { connection: { connection: { stream: { destroy: (err: Error) => void } } } };
    internals.connection.connection.stream.destroy(new Error('simulated network fault'));
    // The loss and the reconnect, in that order (the reconnect may come within one poll: watched, not polled).
    await expect.poll(() => changes, { timeout: 5_000 }).toEqual([false, true]);
    await expect.poll(() => b.loads()).toBe(before + 1);
  });
});
