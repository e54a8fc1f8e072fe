import type { EventEnvelope, ServiceInsertInput } from '@mealprep/contracts';
import { Outbox, signIdentity, type Broker } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll } from 'vitest';
import { catalogRepositories, createCatalogApp, ensureCatalogIndexes, reviewQueues, reviewShelf, type CatalogRepositories } from '../src/app';
import { CatalogIndex } from '../src/domain/catalogue/catalog-index';
import { seedDemoCatalog } from '../src/domain/demo-seed';
import { seedReferenceData } from '../src/domain/catalogue/reference-data';
import type { InsightRepository } from '../src/data-access/insight-repository';
import { subscribeCheckerEvents } from '../src/entry-points/mq/checker-events';
import { subscribeMediaEvents } from '../src/entry-points/mq/media-events';
import { subscribeReviewLedger, subscribeReviewViews } from '../src/entry-points/mq/index-refresher';
import { migrateReviewRecords } from '../src/domain/reviews/review-migration';
import { subscribeInsightHits } from '../src/entry-points/mq/insight-hits';
import { InsightTally } from '../src/domain/insights/insight-tally';

/** A complete listing as its owner submits it, form answers included. */
export function sampleListing(name: string, slug: string): ServiceInsertInput {
  return {
    name,
    slug,
    tagline: 'Breakfasts that keep',
    description: 'Fresh breakfast boxes every Monday.',
    mealTypes: ['keto'],
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    contact: { email: 'hello@example.com', phone: '555-0100', website: `https://${slug}.example.com`, socialLinks: [] },
    locations: [{ label: '', address: { line1: '1 Main St', city: 'Austin', region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true }],
    media: { logoImageId: null },
    metadata: { ownerName: 'Sam Owner', yearsInBusiness: '1-2 years', termsAccepted: true, submittedVia: 'dashboard' },
  };
}

/** Signed identity headers, as the gateway would send them. */
export const as = (userId: string, roles: Array<'admin'> = [], email = `${userId}@example.com`) => signIdentity({ userId, email, roles }, TEST_IDENTITY_SECRET);

export interface CatalogHarness {
  url: string;
  db: Awaited<ReturnType<typeof testDatabase>>;
  /** Every catalog event the service published, in order. */
  events: EventEnvelope[];
  /** The service's storage, as its use cases reach it (to arrange what no route makes, or read what none shows). */
  repositories: CatalogRepositories;
  /** The insights' storage (to write history and roll days up as the scheduler would). */
  insights: InsightRepository;
  /** The catalogue's in-memory indexes as the service holds them (their version moves when visitors would see a change). */
  catalog: CatalogIndex;
  /** The service's outbox (for a use case run as the service's start runs it). */
  outbox: Outbox;
  /** The consumer's tally of the hits the recorders send (the broker's batches go to it). */
  tally: InsightTally;
  /** Publishes an event as another service would (svc-catalog listens for checker events). */
  publish: Broker['publish'];
  /** Publishes an envelope as it is, its payload unchecked (what an older or faulty sender could put on the broker). */
  publishEnvelope: Broker['publishEnvelope'];
  /** A request to the service (a body is sent as JSON unless it is a string already); its answer parsed. */
  send: (method: string, path: string, headers?: Record<string, string>, body?: unknown) => Promise<Answer>;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: { message: string; code: string; details?: Array<{ path: string }> } };
}

/**
 * svc-catalog as a test file needs it: its own database (states and meal types seeded, and the
 * demo catalogue when `demo` is given a date) and broker prefix, served on a free port, all of it
 * removed after the file. `mediaUrl` gives svc-media's address (read once the file's own
 * `beforeAll`s before this call have run); `insightReportsPerMinute` the limit of insight reports
 * per client (INSIGHT_REPORTS_PER_MINUTE).
 */
export function useCatalog(label: string, options: { demo?: Date; now?: Date; mediaUrl?: () => string; insightReportsPerMinute?: number } = {}): CatalogHarness {
  const harness: CatalogHarness = {
    url: '',
    db: null as unknown as CatalogHarness['db'],
    insights: null as unknown as InsightRepository,
    catalog: null as unknown as CatalogIndex,
    repositories: null as unknown as CatalogRepositories,
    tally: null as unknown as InsightTally,
    outbox: null as unknown as Outbox,
    events: [],
    publish: (() => Promise.reject(new Error('not started'))) as Broker['publish'],
    publishEnvelope: () => Promise.reject(new Error('not started')),
    async send(method, path, headers = {}, body) {
      const response = await fetch(`${harness.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Answer['body'] };
    },
  };
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  let outbox: Outbox;
  beforeAll(async () => {
    harness.db = await testDatabase(label);
    mq = await testBroker(label, 'svc-catalog');
    await mq.broker.subscribe('seen', ['catalog.#'], async (e) => void harness.events.push(e), { exclusive: true });
    outbox = new Outbox({ connection: harness.db.connection, broker: mq.broker, logger: silentLogger });
    const repositories = catalogRepositories(harness.db.connection, outbox);
    await ensureCatalogIndexes(repositories);
    await seedReferenceData({ ...repositories, events: outbox });
    await migrateReviewRecords(repositories);
    if (options.demo) await seedDemoCatalog({ ...repositories, events: outbox }, options.demo);
    const catalog = new CatalogIndex(repositories);
    await catalog.refresh();
    const now = options.now;
    harness.repositories = repositories;
    harness.catalog = catalog;
    harness.outbox = outbox;
    const shelf = reviewShelf(repositories);
    const queues = reviewQueues(repositories);
    await subscribeReviewViews(mq.broker, { shelf, queues }, silentLogger);
    await subscribeReviewLedger(mq.broker, { ...repositories, catalog, shelf, queues, events: outbox, ipHashSecret: TEST_IDENTITY_SECRET, ...(now ? { now: () => now } : {}) });
    await subscribeCheckerEvents(mq.broker, { services: repositories.services, catalog, events: outbox, ...(now ? { now: () => now } : {}) });
    await subscribeMediaEvents(mq.broker, { services: repositories.services, catalog, events: outbox });
    harness.publish = mq.broker.publish.bind(mq.broker);
    harness.publishEnvelope = mq.broker.publishEnvelope.bind(mq.broker);
    harness.insights = repositories.insights;
    harness.tally = new InsightTally({ store: repositories.insights, logger: silentLogger, turnMs: 50, ...(now ? { now: () => now } : {}) });
    await subscribeInsightHits(mq.broker, harness.tally, silentLogger);
    http = await serve(
      createCatalogApp({
        logger: silentLogger,
        connection: harness.db.connection,
        broker: mq.broker,
        outbox,
        identitySecret: TEST_IDENTITY_SECRET,
        catalog,
        shelf,
        queues,
        repositories,
        ...(now ? { now: () => now } : {}),
        ...(options.mediaUrl ? { mediaUrl: options.mediaUrl() } : {}),
        ...(options.insightReportsPerMinute ? { insightReportsPerMinute: options.insightReportsPerMinute } : {}),
      }),
    );
    harness.url = http.url;
  });
  afterAll(async () => {
    await http?.close();
    await outbox?.stop();
    await mq?.destroy();
    await harness.db?.drop();
  });
  return harness;
}
