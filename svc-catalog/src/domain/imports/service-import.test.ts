import { Readable } from 'node:stream';
import { EMPTY_OFFER, type EventEnvelope } from '@mealprep/contracts';
import type { ImportDecision, ImportRefusal, ImportRow } from '../../data-access/service-import-writer';
import type { ImportedListing } from '../../data-access/service-mapping';
import type { ServiceRepository } from '../../data-access/service-repository';
import { importServices, type ImportDeps } from './service-import';
import { mealTypeRepository, newId, places, refusal, staff } from '../../testing/builders';
import { FakeEvents } from '../../testing/fakes';

const HEADER = 'Name,Slug,Tagline,Meal Types,City,State,Home Delivery,Shipping,Website';
const csv = (...rows: string[]) => Readable.from([Buffer.from([HEADER, ...rows].join('\n'))]);

const asListing = (row: ImportRow, ownerUserId: string | null = null): ImportedListing => ({
  name: row.name,
  tagline: row.tagline,
  mealTypes: row.mealTypes,
  deliveryMethods: { localDelivery: row.deliveryMethods.localDelivery, shipsDomestically: row.deliveryMethods.shipsDomestically },
  website: row.website,
  city: row.city,
  region: row.state,
  place: row.metadata.place,
  imageLinkFull: row.metadata.imageLinkFull,
  profilePageImageLink: row.metadata.profilePageImageLink,
  offer: row.offer ?? EMPTY_OFFER,
  ownerUserId,
});

type Plan = { inserts: ImportRow[]; updates: Array<{ listing: ImportedListing; row: ImportRow }>; unchanged: ImportedListing[] };
type Options = {
  decideAtWrite: (listing: ImportedListing, row: ImportRow) => ImportDecision;
  newId?: (slug: string) => string;
  announce?: (w: { created: number; updated: number; serviceIds: string[] }) => EventEnvelope[];
};

/** The stored listings by slug, written as the import writer does: inserts, then each update decided again on the listing as it is then. */
class ImportStore {
  readonly bySlug = new Map<string, { id: string; listing: ImportedListing; row?: ImportRow }>();
  readonly ids = new WeakMap<ImportedListing, string>();
  readonly announced: EventEnvelope[] = [];
  /** Runs before each update is decided (someone else's write in between). */
  beforeUpdate: ((slug: string) => void) | null = null;

  async importedListings(slugs: readonly string[]) {
    const found = new Map<string, ImportedListing>();
    for (const slug of slugs) {
      const held = this.bySlug.get(slug);
      if (!held) continue;
      const copy = structuredClone(held.listing);
      this.ids.set(copy, held.id);
      found.set(slug, copy);
    }
    return found;
  }

  async writeImport(plan: Plan, _now: Date, _by: unknown, options: Options) {
    const inserted = plan.inserts.map((row) => {
      const id = options.newId?.(row.slug) ?? newId();
      this.bySlug.set(row.slug, { id, listing: asListing(row), row });
      return id;
    });
    const named = [...inserted, ...plan.updates.map((u) => this.ids.get(u.listing)!), ...plan.unchanged.map((l) => this.ids.get(l)!)];
    const events = named.length > 0 && options.announce ? options.announce({ created: inserted.length, updated: plan.updates.length, serviceIds: named }) : [];
    this.announced.push(...events);
    let updated = 0;
    let unchanged = 0;
    const refused: Array<{ slug: string; reason: ImportRefusal }> = [];
    for (const { row } of plan.updates) {
      this.beforeUpdate?.(row.slug);
      const held = this.bySlug.get(row.slug);
      if (!held) {
        refused.push({ slug: row.slug, reason: 'gone' });
        continue;
      }
      const decision = options.decideAtWrite(held.listing, row);
      if (decision === 'write') {
        this.bySlug.set(row.slug, { id: held.id, listing: asListing(row), row });
        updated += 1;
      } else if (decision === 'unchanged') unchanged += 1;
      else refused.push({ slug: row.slug, reason: decision });
    }
    return { created: inserted.length, updated, unchanged, refused, written: [], named: events.length > 0 ? named : [] };
  }
}

function setUp() {
  const store = new ImportStore();
  const events = new FakeEvents();
  const reloaded: string[][] = [];
  const deps: ImportDeps = {
    services: store as unknown as ServiceRepository,
    mealTypes: mealTypeRepository(),
    events,
    now: () => new Date('2026-06-01T12:00:00.000Z'),
    catalog: { reload: async (ids: readonly string[]) => void reloaded.push([...ids]), places: places() },
  };
  return { deps, store, events, reloaded };
}

const GOOD = ['Green Fork Kitchen,,Fresh weekly,Keto,Austin,Texas,Yes,No,greenfork.com', 'Basil Box,,,Vegan,Atlantis,Texas,No,Yes,', 'Lone Star Meals,lone-star,,,,,,,'];

describe('importing a services file', () => {
  it('when an admin imports new rows, then each becomes a listing placed at its city when the ZIP table knows it, and the import is announced and read again', async () => {
    const { deps, store, events, reloaded } = setUp();
    expect(await importServices(deps, staff(), csv(...GOOD))).toEqual({ imported: 3, skipped: 0, unchanged: 0, skippedRows: [] });
    expect(store.bySlug.get('green-fork-kitchen')?.row?.point?.latitude).toBeCloseTo(30.2672, 3);
    expect(store.bySlug.get('basil-box')?.row?.point).toBeNull();
    expect([...store.bySlug.keys()]).toEqual(['green-fork-kitchen', 'basil-box', 'lone-star']);
    expect(store.announced.map((e) => [e.type, (e.payload as { created: number }).created])).toEqual([['catalog.services.imported', 3]]);
    expect(reloaded).toHaveLength(1);
    expect(events.relays).toBe(1);
  });

  it('when the same file is imported again, then nothing changes and every row is counted unchanged', async () => {
    const { deps } = setUp();
    await importServices(deps, staff(), csv(...GOOD));
    expect(await importServices(deps, staff(), csv(...GOOD))).toEqual({ imported: 0, skipped: 0, unchanged: 3, skippedRows: [] });
  });

  it('when a row changes a listing nobody owns, then it is updated; when an owner manages it, then it is never overwritten (unless it already says the same)', async () => {
    const { deps, store } = setUp();
    await importServices(deps, staff(), csv(...GOOD));
    const basil = store.bySlug.get('basil-box')!;
    store.bySlug.set('basil-box', { ...basil, listing: { ...basil.listing, ownerUserId: 'ann' } });
    const result = await importServices(deps, staff(), csv('Green Fork Kitchen,,New tagline,Keto,Austin,Texas,Yes,No,greenfork.com', 'Basil Box,,Owner? never,Vegan,Atlantis,Texas,No,Yes,', GOOD[2]!));
    expect(result).toEqual({
      imported: 1,
      skipped: 1,
      unchanged: 1,
      skippedRows: [{ line: 3, name: 'Basil Box', reason: 'A listing with this slug is managed by its owner; an import never overwrites it' }],
    });
    expect(store.bySlug.get('green-fork-kitchen')?.listing.tagline).toBe('New tagline');
    expect(store.bySlug.get('basil-box')?.listing.tagline).toBe('');
    expect((await importServices(deps, staff(), csv(GOOD[1]!))).unchanged).toBe(1);
  });

  it('when an owner takes a listing over while the import runs, then its row is refused at the write', async () => {
    const { deps, store } = setUp();
    await importServices(deps, staff(), csv(...GOOD));
    store.beforeUpdate = (slug) => {
      const held = store.bySlug.get(slug)!;
      store.bySlug.set(slug, { ...held, listing: { ...held.listing, ownerUserId: 'bea' } });
    };
    const result = await importServices(deps, staff(), csv('Green Fork Kitchen,,Changed,Keto,Austin,Texas,Yes,No,greenfork.com'));
    expect(result).toMatchObject({ imported: 0, skipped: 1, skippedRows: [{ line: 2, reason: 'A listing with this slug is managed by its owner; an import never overwrites it' }] });
  });

  it('when rows are bad or repeat a slug, then each is skipped with its line and reason, in line order, and the good rows still import', async () => {
    const { deps } = setUp();
    const result = await importServices(deps, staff(), csv(',,No name here,,,,,,', 'Green Fork Kitchen,,,,,,,,', 'Green Fork Kitchen,,Again,,,,,,', 'Somewhere,,,,,Atlantis,,,', 'Fine Food,,,,,,,,'));
    expect(result).toEqual({
      imported: 2,
      skipped: 3,
      unchanged: 0,
      skippedRows: [
        { line: 2, name: '', reason: 'Name is empty' },
        { line: 4, name: 'Green Fork Kitchen', reason: 'Slug "green-fork-kitchen" is already used by an earlier row' },
        { line: 5, name: 'Somewhere', reason: 'Unknown state "Atlantis"' },
      ],
    });
  });

  it('when very many rows are skipped, then all are counted but at most 1,000 reasons are listed', async () => {
    const { deps } = setUp();
    const result = await importServices(deps, staff(), csv(...Array.from({ length: 1_005 }, () => ',,No name here,,,,,,')));
    expect(result.skipped).toBe(1_005);
    expect(result.skippedRows).toHaveLength(1_000);
  });

  it('when the file has no Name column or no rows, then it is refused saying what is missing', async () => {
    const { deps } = setUp();
    expect(await refusal(importServices(deps, staff(), Readable.from([Buffer.from('Title,City\nSomething,Austin')])))).toMatchObject({
      status: 400,
      message: 'Missing columns: Name. The first line must name the columns.',
    });
    expect(await refusal(importServices(deps, staff(), csv()))).toMatchObject({ status: 400, message: 'The file has no rows to import.' });
  });

  it('when the import is not to be announced (the demo seed), then no event is made and nothing is read again', async () => {
    const { deps, store, reloaded } = setUp();
    expect((await importServices(deps, staff(), csv(...GOOD), { announce: false, newId: (slug) => `demo-${slug}` })).imported).toBe(3);
    expect(store.announced).toEqual([]);
    expect(reloaded).toEqual([]);
    expect(store.bySlug.get('lone-star')?.id).toBe('demo-lone-star');
  });
});
