/**
 * Small in-memory stand-ins for what the domain is given (repositories, the outbox, svc-media), and
 * builders of listings, people and a ZIP table, for the domain's unit tests beside the code. Nothing
 * here opens a connection: data-access modules are imported for their types only.
 */
import { randomUUID } from 'node:crypto';
import { EMPTY_OFFER, MAX_WAITING_CLAIMS, type EditableService, type EventEnvelope, type Identity, type MealType, type OwnershipChange, type StatusChange } from '@mealprep/contracts';
import type { DomainEvents } from '@mealprep/service-kit';
import type { ClaimRepository, NewClaim, StoredClaim } from '../data-access/claim-repository';
import type { GeoRegionRepository } from '../data-access/geo-region-repository';
import type { MealTypeRepository } from '../data-access/meal-type-repository';
import type { MediaFinder } from '../data-access/media-client';
import type { StoredService } from '../data-access/service-mapping';
import type { Announce, Plan, ServiceRepository, StatusChangeInput } from '../data-access/service-repository';
import type { ServiceReportRepository } from '../data-access/service-report-repository';
import { CatalogIndex } from './catalog-index';
import { MEAL_TYPE_SEED } from './meal-type-catalogue';
import type { OwnerDeps } from './owner-services';
import { Places, type PlaceRow } from './places';
import { US_STATE_CODES, US_STATES } from './us-states';

let lastId = 0;
/** A fresh id shaped like a database id (24 hex digits). */
export const newId = () => (++lastId).toString(16).padStart(24, 'a');

export const person = (userId: string, email = `${userId}@example.com`): Identity => ({ userId, email, roles: [] });
export const staff = (userId = 'admin-1', email = `${userId}@staff.example.com`): Identity => ({ userId, email, roles: ['admin'] });

type Location = StoredService['locations'][number];

/** A location in a city (a state's name as region), with or without a point. */
export function location(city: string, region: string, options: { postalCode?: string; point?: { latitude: number; longitude: number } | null; isPrimary?: boolean } = {}): Location {
  return {
    label: '',
    address: { line1: '', city, region, postalCode: options.postalCode ?? '', countryCode: 'US' },
    isPrimary: options.isPrimary ?? true,
    point: options.point ?? null,
  };
}

/** A stored listing: published, nobody's, no locations, unless told otherwise. */
export function listing(overrides: Partial<StoredService> = {}): StoredService {
  const name = overrides.name ?? 'Green Fork Kitchen';
  return {
    id: newId(),
    name,
    slug: name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    tagline: '',
    description: '',
    defaultCurrency: 'USD',
    languages: ['en'],
    mealTypes: [],
    status: 'published',
    featuredUntil: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    publishedAt: '2026-01-01T00:00:00.000Z',
    deliveryMethods: { localDelivery: false, pickup: false, shipsDomestically: false, shipsInternationally: false },
    deliveryRadiusMiles: 15,
    contact: { email: '', phone: '', website: '', socialLinks: [] },
    locations: [],
    media: { logoImageId: null },
    offer: EMPTY_OFFER,
    rating: { average: null, count: 0 },
    ownerUserId: null,
    metadata: {},
    version: 1,
    ...overrides,
  };
}

/** A few real ZIP codes (their centres), and two rows the table must leave out (unknown state, no point). */
export const PLACE_ROWS: PlaceRow[] = [
  { zip: '78701', latitude: 30.2711, longitude: -97.7437, city: 'Austin', state: 'TX' },
  { zip: '78702', latitude: 30.2633, longitude: -97.7145, city: 'Austin', state: 'TX' },
  { zip: '78664', latitude: 30.5146, longitude: -97.6689, city: 'Round Rock', state: 'TX' },
  { zip: '75201', latitude: 32.7876, longitude: -96.7994, city: 'Dallas', state: 'TX' },
  { zip: '77002', latitude: 29.7559, longitude: -95.3573, city: 'Houston', state: 'TX' },
  { zip: '10001', latitude: 40.7506, longitude: -73.9972, city: 'New York', state: 'NY' },
  { zip: '11201', latitude: 40.694, longitude: -73.9903, city: 'Brooklyn', state: 'NY' },
  { zip: '64105', latitude: 39.1027, longitude: -94.5862, city: 'Kansas City', state: 'MO' },
  { zip: '66101', latitude: 39.1155, longitude: -94.6268, city: 'Kansas City', state: 'KS' },
  { zip: '84101', latitude: 40.7566, longitude: -111.899, city: 'Salt Lake City', state: 'UT' },
  { zip: '96813', latitude: 21.3129, longitude: -157.858, city: 'Honolulu', state: 'HI' },
  { zip: '99999', latitude: 45, longitude: -100, city: 'Nowhere', state: 'ZZ' },
  { zip: '00000', latitude: Number.NaN, longitude: -97, city: 'Broken', state: 'TX' },
];

export const places = () => new Places(PLACE_ROWS, US_STATE_CODES);

/** The starting meal types as the repository lists them (with ids). */
export const MEAL_TYPES: MealType[] = MEAL_TYPE_SEED.map((m, i) => ({ id: `meal-type-${i}`, ...m }));

/** The outbox as the domain sees it: events are made, and relayed on request (counted). */
export class FakeEvents implements DomainEvents {
  made: EventEnvelope[] = [];
  relays = 0;
  event(type: string, payload: unknown): EventEnvelope {
    const envelope = { id: randomUUID(), type, occurredAt: new Date().toISOString(), source: 'svc-catalog', payload };
    this.made.push(envelope);
    return envelope;
  }
  async relay(): Promise<void> {
    this.relays += 1;
  }
}

interface Held {
  service: StoredService;
  statusHistory: StatusChange[];
  ownershipHistory: OwnershipChange[];
  possibleDuplicateOf: EditableService['possibleDuplicateOf'];
}

/** Sets a dotted path of a copy ("contact.website"). */
function withSet(service: StoredService, set: Record<string, unknown>): StoredService {
  const out: Record<string, unknown> = structuredClone(service);
  for (const [path, value] of Object.entries(set)) {
    const keys = path.split('.');
    let target = out;
    for (const key of keys.slice(0, -1)) target = target[key] = { ...((target[key] as Record<string, unknown> | undefined) ?? {}) };
    target[keys.at(-1)!] = value instanceof Date ? value.toISOString() : value;
  }
  return out as StoredService;
}

/**
 * The services collection in memory: modify asks the plan on the listing as it is, applies its set,
 * status and ownership entry, bumps the version and keeps the events it announces (`written`), as
 * the repository does in one write.
 */
export class FakeServices {
  readonly held = new Map<string, Held>();
  /** Every event a write carried, in order. */
  readonly written: EventEnvelope[] = [];
  /** Called with the listing as read, before each plan is asked (a test may change it there: someone else's write). */
  beforePlan: ((id: string) => void) | null = null;

  constructor(services: StoredService[] = [], history: { createdBy?: Identity } = {}) {
    for (const service of services) this.put(service, history.createdBy);
  }

  put(service: StoredService, createdBy?: Identity, ownershipHistory: OwnershipChange[] = []): StoredService {
    const statusHistory: StatusChange[] = createdBy ? [{ at: service.createdAt, byUserId: createdBy.userId, byEmail: createdBy.email, from: null, to: 'draft', reason: null }] : [];
    this.held.set(service.id, { service: structuredClone(service), statusHistory, ownershipHistory, possibleDuplicateOf: [] });
    return service;
  }

  get(id: string): StoredService | null {
    const held = this.held.get(id);
    return held ? structuredClone(held.service) : null;
  }

  history(id: string): Held | undefined {
    return this.held.get(id);
  }

  async findById(id: string): Promise<StoredService | null> {
    return this.get(id);
  }

  async findByIds(ids: readonly string[]): Promise<StoredService[]> {
    return [...new Set(ids)].flatMap((id) => this.get(id) ?? []);
  }

  async listAll(): Promise<StoredService[]> {
    return [...this.held.keys()].map((id) => this.get(id)!);
  }

  async findEditable(id: string): Promise<EditableService | null> {
    return this.editableOf({ id } as StoredService);
  }

  editableOf({ id }: StoredService): EditableService | null {
    const held = this.held.get(id);
    if (!held) return null;
    const service = structuredClone(held.service);
    return {
      ...service,
      claimable: service.ownerUserId === null && (service.status === 'published' || service.status === 'closed'),
      statusHistory: structuredClone(held.statusHistory),
      possibleDuplicateOf: structuredClone(held.possibleDuplicateOf),
      ownershipHistory: structuredClone(held.ownershipHistory),
      reviewTrail: [],
    };
  }

  async findEditableByIds(ids: readonly string[]): Promise<Map<string, EditableService>> {
    const found = new Map<string, EditableService>();
    for (const id of new Set(ids)) {
      const editable = await this.findEditable(id);
      if (editable) found.set(id, editable);
    }
    return found;
  }

  async modify(id: string, plan: Plan): Promise<{ before: StoredService; after: StoredService } | null> {
    if (!this.held.has(id)) return null;
    this.beforePlan?.(id);
    const held = this.held.get(id);
    if (!held) return null;
    const before = structuredClone(held.service);
    const planned = plan(structuredClone(before));
    if (!planned) return { before, after: before };
    let after = withSet(before, planned.set);
    if (planned.status) after = { ...after, status: planned.status.to, publishedAt: planned.status.to === 'published' && !after.publishedAt ? planned.status.at.toISOString() : after.publishedAt };
    after = { ...after, version: before.version + 1 };
    if (planned.status && planned.status.to !== before.status) {
      const { to, at, reason, byUserId, byEmail } = planned.status;
      held.statusHistory.push({ at: at.toISOString(), byUserId, byEmail, from: before.status, to, reason });
    }
    if (planned.ownership) {
      const o = planned.ownership as Record<string, unknown>;
      held.ownershipHistory.push({ ...(o as OwnershipChange), at: (o.at as Date).toISOString() });
    }
    this.written.push(...planned.announce(before, after));
    held.service = structuredClone(after);
    return { before, after };
  }

  async create(input: Record<string, unknown>, now: Date, change: StatusChangeInput, announce: Announce): Promise<StoredService> {
    const id = newId();
    const { possibleDuplicateOf, ...fields } = input;
    const locations = ((fields.locations as Array<Record<string, unknown>>) ?? []).map(({ createdAt: _c, updatedAt: _u, ...l }) => l) as unknown as Location[];
    const created = listing({ ...(fields as Partial<StoredService>), locations, id, createdAt: now.toISOString(), updatedAt: now.toISOString(), version: 1 });
    this.written.push(...announce(null, created));
    this.held.set(id, {
      service: structuredClone(created),
      statusHistory: [{ at: now.toISOString(), byUserId: change.byUserId, byEmail: change.byEmail, from: null, to: created.status, reason: null }],
      ownershipHistory: [],
      possibleDuplicateOf: (possibleDuplicateOf as Held['possibleDuplicateOf'] | undefined) ?? [],
    });
    return created;
  }

  async deleteMany(ids: readonly string[], events: readonly EventEnvelope[]): Promise<number> {
    let deleted = 0;
    for (const id of ids) if (this.held.delete(id)) deleted += 1;
    this.written.push(...events);
    return deleted;
  }

  asRepository(): ServiceRepository {
    return this as unknown as ServiceRepository;
  }
}

/** The meal types and states as their repositories give them. */
export const mealTypeRepository = (list: MealType[] = MEAL_TYPES) =>
  ({
    list: async () => list,
    findBySlug: async (slug: string) => list.find((m) => m.slug === slug) ?? null,
    count: async () => list.length,
  }) as unknown as MealTypeRepository;

export const regionRepository = () =>
  ({
    listByCountry: async (code: string) => (code === 'US' ? US_STATES : []),
    findBySlug: async (slug: string) => US_STATES.find((s) => s.slug === slug) ?? null,
  }) as unknown as GeoRegionRepository;

/** The in-memory indexes over a fake collection, loaded once. */
export async function catalogOver(services: FakeServices, mealTypes: MealType[] = MEAL_TYPES): Promise<CatalogIndex> {
  const catalog = new CatalogIndex({ services: services.asRepository(), regions: regionRepository(), mealTypes: mealTypeRepository(mealTypes), places: places() });
  await catalog.refresh();
  return catalog;
}

/** svc-media's answers about uploads, by id; `down` makes every question fail. */
export class FakeMedia implements MediaFinder {
  down = false;
  asked: string[] = [];
  constructor(private readonly items: Record<string, { uploadedBy: string | null; associatedEntityId?: string | null; deletedAt?: string | null }> = {}) {}
  async find(id: string) {
    this.asked.push(id);
    if (this.down) throw new Error('svc-media is not answering');
    const item = this.items[id];
    return item ? { id, uploadedBy: item.uploadedBy, associatedEntityId: item.associatedEntityId ?? null, deletedAt: item.deletedAt ?? null } : null;
  }
}

/** Reports of "still open", found again within a window. */
export class FakeReports {
  readonly kept: Array<{ serviceId: string; reportedAt: Date; ipHash: string; userId: string | null }> = [];
  async findRecent(serviceId: string, ipHash: string, since: Date): Promise<string | null> {
    const found = this.kept.findIndex((r) => r.serviceId === serviceId && r.ipHash === ipHash && r.reportedAt >= since);
    return found === -1 ? null : String(found);
  }
  async create(report: { serviceId: string; reportedAt: Date; ipHash: string; userId: string | null }, announce: (reportId: string) => EventEnvelope[]): Promise<string> {
    this.kept.push(report);
    const id = String(this.kept.length - 1);
    announce(id);
    return id;
  }
  asRepository(): ServiceReportRepository {
    return this as unknown as ServiceReportRepository;
  }
}

/** The claims and their keys (one open claim per listing and claimant, MAX_WAITING_CLAIMS slots each, one decision per claim). */
export class FakeClaims {
  readonly claims = new Map<string, StoredClaim>();
  readonly keys = new Map<string, string>();
  failInsert = false;

  newId = () => newId();

  async reserveWaiting(claimId: string, serviceId: string, userId: string): Promise<'ok' | 'open' | 'full'> {
    const open = `open:${serviceId}:${userId}`;
    if (this.keys.has(open)) return 'open';
    for (let slot = 1; slot <= MAX_WAITING_CLAIMS; slot += 1) {
      const key = `slot:${userId}:${slot}`;
      if (!this.keys.has(key)) {
        this.keys.set(open, claimId);
        this.keys.set(key, claimId);
        return 'ok';
      }
    }
    return 'full';
  }
  async releaseWaiting(claimId: string): Promise<void> {
    for (const [key, holder] of this.keys) if (holder === claimId && !key.startsWith('decided:')) this.keys.delete(key);
  }
  async takeDecision(claimId: string): Promise<boolean> {
    if (this.keys.has(`decided:${claimId}`)) return false;
    this.keys.set(`decided:${claimId}`, claimId);
    return true;
  }
  async releaseDecision(claimId: string): Promise<void> {
    this.keys.delete(`decided:${claimId}`);
  }
  async insert(id: string, claim: NewClaim): Promise<StoredClaim> {
    if (this.failInsert) throw new Error('the database failed');
    const stored: StoredClaim = { id, ...claim, createdAt: claim.createdAt.toISOString(), decidedAt: null, decidedByEmail: null };
    this.claims.set(id, stored);
    return { ...stored };
  }
  async findById(id: string): Promise<StoredClaim | null> {
    const claim = this.claims.get(id);
    return claim ? { ...claim } : null;
  }
  async markDecided(id: string, decided: { status: StoredClaim['status']; kind: StoredClaim['kind']; reason: string | null; at: Date; byEmail: string }): Promise<StoredClaim | null> {
    const claim = this.claims.get(id);
    if (!claim) return null;
    Object.assign(claim, { status: decided.status, kind: decided.kind, reason: decided.reason, decidedAt: decided.at.toISOString(), decidedByEmail: decided.byEmail });
    return { ...claim };
  }
  async mine(userId: string): Promise<StoredClaim[]> {
    return [...this.claims.values()].filter((c) => c.claimantUserId === userId).reverse();
  }
  async waitingOf(serviceId: string, userId: string): Promise<StoredClaim | null> {
    return [...this.claims.values()].find((c) => c.serviceId === serviceId && c.claimantUserId === userId && c.status === 'waiting') ?? null;
  }
  async list(which: 'waiting' | 'decided'): Promise<StoredClaim[]> {
    return [...this.claims.values()].filter((c) => (which === 'waiting') === (c.status === 'waiting'));
  }
  asRepository(): ClaimRepository {
    return this as unknown as ClaimRepository;
  }
}

/** Everything an owner's or an admin's use case is given, over one fake collection. */
export async function ownerDeps(services: FakeServices, options: { media?: MediaFinder; now?: Date } = {}) {
  const events = new FakeEvents();
  const catalog = await catalogOver(services);
  const reports = new FakeReports();
  const deps: OwnerDeps = {
    services: services.asRepository(),
    reports: reports.asRepository(),
    catalog,
    events,
    ipHashSecret: 'test-secret',
    mealTypes: mealTypeRepository(),
    reviewRecords: { trails: { read: async () => null } },
    media: options.media,
    now: options.now ? () => options.now! : undefined,
  };
  return { deps, events, catalog, reports };
}

/** The error a promise is refused with (fails when it is not refused). */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number; message: string; details?: Array<{ path: string; message: string }> }> {
  try {
    await promise;
  } catch (err) {
    return err as { code: string; status: number; message: string };
  }
  throw new Error('expected a refusal, and it was done');
}

/** The error a call throws (fails when it does not throw). */
export function thrown(run: () => unknown): { code: string; status: number; message: string; details?: Array<{ path: string; message: string }> } {
  try {
    run();
  } catch (err) {
    return err as { code: string; status: number; message: string };
  }
  throw new Error('expected a refusal, and it was done');
}
