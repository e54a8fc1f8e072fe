import { createHash } from 'node:crypto';
import { connectDatabase } from '@mealprep/service-kit';
import { silentLogger } from '@mealprep/service-kit/testing';
import fc from 'fast-check';
import type { Connection } from 'mongoose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeStockService } from '../../svc-media/test/fake-stock-service';
import { AUTHORIZATION_MATRIX, CALLERS, type Caller, type MatrixRow } from './authorization-matrix';
import { arbitraryFromContract, mutate, mutation, REFINED_FIELDS, type GenerationContext, type Mutation } from './contract-arbitrary';
import { ROUTE_INPUTS, type Known, type RawBody, type RouteInput } from './route-inputs';
import { callApi, listing, SERVICES, signIn, startSystem, type RunningSystem } from './system';

const RUNS_PER_CALLER = 8;
const EMAILS = { admin: 'admin@contract.test', owner: 'owner@contract.test', user: 'user@contract.test' };
const DATABASES = ['catalog', 'auth', 'media', 'checker'];
/**
 * Written on purpose by requests that are refused: every sign-in code try is recorded before it is
 * checked, which is what makes five wrong codes lock the code even when sent all at once. And
 * written by no request at all: a lease's holder renews it on a timer (the website checks'
 * scheduler, every few seconds), whatever requests come meanwhile.
 */
const BOOKKEEPING = new Set(['auth.login_code_tries', ...DATABASES.map((name) => `${name}.leases`)]);
const key = (row: MatrixRow) => `${row.method} ${row.path}`;
/** Reads that may write: the check status closes a run whose checks are all done. Any other read that wrote would show as a change after it. */
const TIDYING_READS = new Set(['GET /api/checker/admin/checks/status']);

/** A request as generated: values for the route's path parameters, query and body. */
interface Drawn {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

describe('requests drawn from the contracts, and beyond them, on every route', () => {
  let system: RunningSystem;
  let stock: Awaited<ReturnType<typeof fakeStockService>>;
  let database: Connection;
  const cookies: Partial<Record<Caller, string>> = {};
  let contextOf: (input: RouteInput) => GenerationContext;
  let png: Buffer;

  /** Everything stored in the four databases (bookkeeping aside; an event waiting to be relayed is not a change of its own), as one digest per collection. */
  async function stored(): Promise<Map<string, string>> {
    const collections = (
      await Promise.all(
        DATABASES.map(async (name) => {
          const db = database.getClient().db(name);
          const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
          return names
            .filter((collection) => !BOOKKEEPING.has(`${name}.${collection}`) && collection !== 'outbox')
            .map((collection) => ({ key: `${name}.${collection}`, collection: db.collection(collection) }));
        }),
      )
    ).flat();
    const digests = await Promise.all(
      collections.map(async ({ key, collection }) => {
        const docs = await collection.find({}, { projection: { _outbox: 0 } }).toArray();
        const hash = createHash('sha256');
        for (const line of docs.map((doc) => JSON.stringify(doc)).sort()) hash.update(line);
        return [key, hash.digest('hex')] as const;
      }),
    );
    return new Map(digests);
  }
  const changed = (before: Map<string, string>, after: Map<string, string>) => [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
  /**
   * What the services report of their events and jobs when none is under way, else null: each has
   * relayed every event it wrote (outbox_events_waiting), no event or job waits in a queue it reads
   * (a dead-letter queue keeps what it holds) or is being handled (broker_messages_in_progress).
   * The counts of what each handled come back, to compare two reads.
   */
  async function quiet(): Promise<string | null> {
    const texts = await Promise.all(SERVICES.map(async (name) => (await fetch(`${system.services[name].url}/metrics`)).text()));
    const handled: string[] = [];
    for (const line of texts.join('\n').split('\n')) {
      const sample = /^(\w+)(?:\{queue="([^"]*)"\})? (\d+)$/.exec(line);
      if (!sample) continue;
      const [, metric, queue = '', value] = sample;
      if (metric === 'outbox_events_waiting' || metric === 'broker_messages_in_progress' || (metric === 'broker_queue_messages' && !queue.endsWith('.dead'))) {
        if (Number(value) > 0) return null;
      } else if (metric === 'broker_events_handled' || metric === 'broker_jobs_handled' || metric === 'broker_events_dead_lettered') handled.push(line);
    }
    return handled.join('\n');
  }
  /**
   * After an allowed write, the system settles (events reach projections, queued checks run): quiet
   * on two reads in a row with nothing handled between them (an event the broker was handing to a
   * consumer during the first read is handled, or under way, by the second); then what is stored.
   */
  async function settled(): Promise<Map<string, string>> {
    let last: string | null = null;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const now = await quiet();
      if (now !== null && now === last) return stored();
      last = now;
    }
    throw new Error('the system did not settle within 20 s');
  }

  beforeAll(async () => {
    stock = await fakeStockService();
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a5' } })
      .png()
      .toBuffer();
    system = await startSystem({
      ADMIN_EMAILS: EMAILS.admin,
      // Checks resolve no name (nothing leaves the machine); stock photos and remote images come from the local fake.
      CHECK_HOSTS: 'nothing.test=127.0.0.1',
      STOCK_PHOTO_ACCESS_KEY: 'contract-key',
      STOCK_PHOTO_API_URL: stock.url,
      IMAGE_FETCH_ALLOW_HOSTS: '127.0.0.1',
    });
    database = await connectDatabase(system.mongodbUri, 'catalog', silentLogger);
    cookies.admin = await signIn(system, EMAILS.admin);
    cookies.owner = await signIn(system, EMAILS.owner);
    cookies.user = await signIn(system, EMAILS.user);
    const created = await callApi(system.gateway.url, cookies.owner, 'POST', '/api/catalog/services', listing('Contract Kitchen', 'contract-kitchen'));
    if (created.status !== 201) throw new Error(`could not list a service: ${created.status} ${created.text}`);
    const own = (JSON.parse(created.text) as { id: string }).id;

    // What exists, so generated ids and slugs often name something real: each route draws from what its ids name.
    const read = async (pathname: string) => (JSON.parse((await callApi(system.gateway.url, cookies.admin, 'GET', pathname)).text) as { items: Array<Record<string, unknown>> }).items;
    const field = (items: Array<Record<string, unknown>>, name: string) => items.map((item) => String(item[name]));
    const services = await read('/api/catalog/admin/services?pageSize=100');
    const articles = await read('/api/catalog/admin/articles');
    const banners = field(await read('/api/media/admin/banners'), 'id');
    const media = field(await read('/api/media/admin/media'), 'id').slice(0, 50);
    const regions = await read('/api/catalog/regions');
    const mealTypes = field(await read('/api/catalog/meal-types'), 'slug');
    // A check exists for each service with a website once a run has queued it.
    await callApi(system.gateway.url, cookies.admin, 'POST', '/api/checker/admin/checks/run-all', {});
    const checks = field(await read('/api/checker/admin/checks?filter=all&pageSize=200'), 'id');
    const pools: Record<Known, string[]> = {
      services: field(services, 'id'),
      checks,
      own: [own, field(services, 'id')[0]!],
      slugs: field(services, 'slug'),
      articles: field(articles, 'id'),
      articleSlugs: field(articles, 'slug'),
      banners,
      media,
      images: [...banners, ...media],
      regions: field(regions, 'slug'),
      mealTypes,
      emails: Object.values(EMAILS),
    };
    const everything = [...new Set(Object.values(pools).flat())];
    const named: GenerationContext['named'] = {
      // Fetched by svc-media: only ever this machine (the fake's pictures, a page that is no image, a redirect to a private address, a closed port).
      url: fc.constantFrom(`${stock.url}/img/fuzz.png`, `${stock.url}/page.html`, `${stock.url}/to-private`, 'http://127.0.0.1:9/x.png', `${stock.url}/photos/missing00`),
      // Website checks resolve no name here, so a generated website is never fetched.
      ...REFINED_FIELDS,
      email: fc.oneof(fc.constantFrom(...pools.emails), REFINED_FIELDS.email!),
      mealType: fc.oneof(fc.constantFrom(...mealTypes), fc.string({ maxLength: 20 })),
      mealTypes: fc.array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...mealTypes) }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) }), { maxLength: 3 }),
      state: fc.oneof(fc.constantFrom(...pools.regions), fc.string({ maxLength: 20 })),
      // An address names its state by name.
      region: fc.oneof(fc.constantFrom(...field(regions, 'name'), ''), fc.string({ maxLength: 20 })),
    };
    contextOf = (input) => ({ dictionary: input.known ? pools[input.known] : everything, named });
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    await system?.stop();
    await stock?.close();
  }, 120_000);

  it('when the route table is read, then every route of the authorization matrix has its contracts there, and nothing else is', () => {
    expect(Object.keys(ROUTE_INPUTS).sort()).toEqual(AUTHORIZATION_MATRIX.map(key).sort());
  });

  it("when requests drawn from each route's contracts, half of them bent beyond them, reach it as its allowed caller and as a visitor, then no answer is a 5xx, every process lives, and no refused request changes anything stored", async () => {
    const problems: string[] = [];
    const answers: Record<string, number> = {};
    let before = await settled();
    /** Refused requests since `before` whose effect on what is stored is not compared yet. */
    let unchecked: string[] = [];
    const compare = async () => {
      if (unchecked.length === 0) return;
      const after = await stored();
      const touched = changed(before, after);
      if (touched.length > 0)
        problems.push(`${unchecked.length > 1 ? `one of ${unchecked.length} refused requests (${unchecked.join(' | ')})` : `${unchecked[0]}: refused, yet it`} changed ${touched.join(', ')}`);
      before = after;
      unchecked = [];
    };
    for (const row of AUTHORIZATION_MATRIX) {
      const input = ROUTE_INPUTS[key(row)]!;
      if (row.path === '/api/live') continue;
      for (const caller of callersOf(row)) {
        // A caller the matrix refuses is refused before the request is read: its requests are
        // compared with what was stored before them together, once all have been sent.
        const refusedByMatrix = row.expect[CALLERS.indexOf(caller)] !== 'allow';
        await fc.assert(
          fc.asyncProperty(requestOf(input, row, contextOf(input), png), fc.option(mutation, { freq: 2 }), async (drawn, bend) => {
            const request = bend ? bent(drawn, bend) : drawn;
            const pathname = pathOf(row, input, request);
            const { body, raw, type } = row.method === 'GET' ? { body: undefined, raw: false, type: undefined } : bodyOf(input.body, request.body);
            const answer = await callApi(system.gateway.url, cookies[caller], row.method, pathname, body, { raw, contentType: type });
            const label = `${caller} ${row.method} ${pathname.slice(0, 160)} ${String(raw ? `[${type}]` : JSON.stringify(body)).slice(0, 200)} → ${answer.status}`;
            answers[`${answer.status}`] = (answers[`${answer.status}`] ?? 0) + 1;
            if (answer.status >= 500) problems.push(`${label} ${answer.text.slice(0, 200)}`);
            if (answer.status < 400) {
              if (refusedByMatrix) problems.push(`${label}: answered, though the matrix refuses ${caller}`);
              await compare();
              // Allowed: a write changes what is stored and its effects spread, so wait for them; a read
              // changes nothing, but for the ones that tidy (the check status closes a finished run).
              if (row.method !== 'GET' || TIDYING_READS.has(key(row))) before = await settled();
              return true;
            }
            unchecked.push(label);
            if (!refusedByMatrix) await compare();
            return true;
          }),
          { numRuns: RUNS_PER_CALLER, seed: 20261123 },
        );
        await compare();
      }
    }
    expect(problems).toEqual([]);
    // The generated requests reached past validation: some were allowed, some refused.
    expect(Object.keys(answers).some((status) => Number(status) < 300)).toBe(true);
    expect(Object.keys(answers).some((status) => Number(status) >= 400)).toBe(true);
    expect([...SERVICES.map((name) => system.services[name].child.exitCode), system.gateway.child.exitCode]).toEqual([null, null, null, null, null]);
    for (const name of SERVICES) expect((await fetch(`${system.services[name].url}/readyz`)).status, name).toBe(200);
  }, 900_000);
});

/** One part of the request (params, query or body, chosen by the mutation) bent beyond its contract. */
function bent(drawn: Drawn, bend: Mutation): Drawn {
  const part = (['params', 'query', 'body'] as const)[bend.at % 3]!;
  return { ...drawn, [part]: mutate(drawn[part], { ...bend, at: Math.floor(bend.at / 3) }) };
}

/** Who calls a route: the first caller the matrix lets through (the owner for their own listing), and a visitor. */
function callersOf(row: MatrixRow): Caller[] {
  // Signing out would end the caller's session: only a visitor does.
  if (row.path === '/api/auth/logout') return ['visitor'];
  const order: Caller[] = ['owner', 'admin', 'user', 'visitor'];
  const allowed = order.find((caller) => row.expect[CALLERS.indexOf(caller)] === 'allow');
  return [...new Set<Caller>([allowed ?? 'admin', 'visitor'])];
}

function requestOf(input: RouteInput, row: MatrixRow, context: GenerationContext, png: Buffer): fc.Arbitrary<Drawn> {
  const none = fc.constant({});
  return fc.record({
    params: input.params ? (arbitraryFromContract(input.params, context) as fc.Arbitrary<Record<string, unknown>>) : none,
    query: input.query ? (arbitraryFromContract(input.query, context) as fc.Arbitrary<Record<string, unknown>>) : none,
    body: row.method === 'GET' ? fc.constant(undefined) : bodyArbitrary(input.body, context, png),
  });
}

function bodyArbitrary(body: RouteInput['body'], context: GenerationContext, png: Buffer): fc.Arbitrary<unknown> {
  if (!body) return fc.constant(undefined);
  if ('csv' in body) return csvRows(body.csv, context);
  if ('image' in body) return fc.oneof(fc.constant([...png]), fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }), fc.constant([...png.subarray(0, 40)]));
  return arbitraryFromContract(body, context);
}

/** A CSV file's rows: the header, then cells of known values, free text and the odd formula. */
function csvRows(columns: readonly string[], context: GenerationContext): fc.Arbitrary<string[][]> {
  const cell = fc.oneof(
    fc.constantFrom('', 'Yes', 'No', 'Keto', 'Vegan', 'Texas', 'New York', 'Austin', 'true', 'false', '2026-01-02', '-97.74', '30.27', 'https://kitchen.nothing.test'),
    fc.constantFrom(...context.dictionary.slice(0, 40)),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('=HYPERLINK("x")', '+1+1', '@SUM(A1)', '"quoted, with comma"', 'line\nbreak', '<script>alert(1)</script>'),
  );
  return fc.array(fc.array(cell, { minLength: columns.length, maxLength: columns.length }), { maxLength: 4 }).map((rows) => [[...columns], ...rows]);
}

function pathOf(row: MatrixRow, input: RouteInput, request: Drawn): string {
  const template = input.path ?? row.path;
  const params = request.params && typeof request.params === 'object' ? request.params : {};
  const path = template.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(text((params as Record<string, unknown>)[name] ?? '')) || '-');
  return `${path}${queryOf(request.query)}`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Query values as a browser or a tool would send them: arrays repeat the key, objects use brackets. */
function queryOf(query: unknown): string {
  if (!query || typeof query !== 'object') return query === undefined ? '' : `?${encodeURIComponent(text(query))}`;
  const pairs: string[] = [];
  const add = (name: string, value: unknown) => {
    if (value === undefined) return;
    if (Array.isArray(value)) for (const item of value) add(name, item);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${name}[${k}]`, v);
    else pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  };
  for (const [name, value] of Object.entries(query)) add(name, value);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** The body to send: JSON, or the raw CSV text or image bytes a raw route takes (anything else goes as JSON). */
function bodyOf(kind: RouteInput['body'], body: unknown): { body: unknown; raw: boolean; type?: string } {
  const rawKind = kind && typeof kind === 'object' && ('csv' in kind || 'image' in kind) ? (kind as RawBody) : null;
  if (rawKind && 'csv' in rawKind && Array.isArray(body) && body.every((r) => Array.isArray(r))) {
    return { body: (body as unknown[][]).map((r) => r.map((c) => `"${text(c).replace(/"/g, '""')}"`).join(',')).join('\n'), raw: true, type: 'text/csv' };
  }
  if (rawKind && 'image' in rawKind && Array.isArray(body) && body.every((b) => typeof b === 'number')) {
    return { body: Buffer.from((body as number[]).map((b) => b & 255)), raw: true, type: 'application/octet-stream' };
  }
  return { body, raw: false };
}
