/**
 * Small in-memory stand-ins for what the domain is given (the services and claims repositories,
 * the outbox, svc-media, the reports), for the domain's unit tests beside the code. Nothing here
 * opens a connection: data-access modules are imported for their types only.
 */
import { randomUUID } from 'node:crypto';
import { MAX_WAITING_CLAIMS, type EditableService, type EventEnvelope, type Identity, type MealType, type OwnershipChange, type PhotoFacts, type StatusChange } from '@mealprep/contracts';
import type { DomainEvents } from '@mealprep/service-kit';
import type { ClaimRepository, NewClaim, StoredClaim } from '../data-access/claim-repository';
import type { MediaFinder } from '../data-access/media-client';
import type { StoredService } from '../data-access/service-mapping';
import type { Announce, Plan, ServiceRepository, StatusChangeInput } from '../data-access/service-repository';
import type { ServiceReportRepository } from '../data-access/service-report-repository';
import { CatalogIndex } from '../domain/catalogue/catalog-index';
import type { OwnerDeps } from '../domain/listings/owner-services';
import { listing, MEAL_TYPES, mealTypeRepository, newId, places, regionRepository, type Location } from './builders';

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
  constructor(
    private readonly items: Record<string, { uploadedBy: string | null; associatedEntityId?: string | null; deletedAt?: string | null }> = {},
    readonly photos: Record<string, PhotoFacts> = {},
  ) {}
  async findPhoto(id: string) {
    this.asked.push(id);
    if (this.down) throw new Error('svc-media is not answering');
    return this.photos[id] ?? null;
  }
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
