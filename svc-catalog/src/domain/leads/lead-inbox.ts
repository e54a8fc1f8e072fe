import { createHash } from 'node:crypto';
import {
  LEAD_FULFILMENT_LABELS,
  LEAD_EXPORT_MAX,
  LEAD_KEPT_DAYS,
  LEAD_PAGE_SIZE,
  LEAD_SPAM_BLOCK_DAYS,
  LEAD_STATUS_LABELS,
  type Identity,
  type LeadChange,
  type LeadListQuery,
  type LeadPage,
  type LeadView,
} from '@mealprep/contracts';
import { AppError, type Outbox } from '@mealprep/service-kit';
import type { LeadFilter, LeadRepository, StoredLead } from '../../data-access/lead-repository';
import type { StoredService } from '../../data-access/service-mapping';

export interface LeadInboxDeps {
  leads: LeadRepository;
  services: { findByIds(ids: readonly string[]): Promise<StoredService[]> };
  events: Pick<Outbox, 'event' | 'relay'>;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isStaff = (identity: Identity) => identity.roles.includes('admin');
/** A sender's address as it is kept for a block: hashed, lower case. */
export const senderKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** The requests as the inbox shows them, each named by its listing (read by key, the page's listings at once). */
async function viewsOf(deps: LeadInboxDeps, leads: readonly StoredLead[]): Promise<LeadView[]> {
  const services = new Map((await deps.services.findByIds([...new Set(leads.map((lead) => lead.serviceId))])).map((s) => [s.id, s]));
  return leads.map((lead) => ({
    id: lead.id,
    serviceId: lead.serviceId,
    serviceName: services.get(lead.serviceId)?.name ?? 'A listing no longer here',
    slug: services.get(lead.serviceId)?.slug ?? '',
    status: lead.status,
    held: lead.held,
    read: lead.readAt !== null,
    createdAt: lead.createdAt.toISOString(),
    expiresAt: lead.expiresAt.toISOString(),
    request: lead.request,
  }));
}

/** Which requests a caller may list: an owner their listings' own (none staff hold); staff the held queue or every request. */
function filterFor(identity: Identity, query: Pick<LeadListQuery, 'view' | 'status'>): LeadFilter {
  if (query.view === 'inbox') return { ownerUserId: identity.userId, ...(query.status ? { status: query.status } : {}) };
  if (!isStaff(identity)) throw AppError.forbidden('Only staff see requests other than their own listings’.');
  return query.view === 'held' ? { held: true, ...(query.status ? { status: query.status } : {}) } : { all: true, ...(query.status ? { status: query.status } : {}) };
}

/** GET /leads: a page of the caller's inbox (or staff's lists), newest first, with how many of theirs are unread. */
export async function leadPage(deps: LeadInboxDeps, identity: Identity, query: LeadListQuery): Promise<LeadPage> {
  const now = deps.now?.() ?? new Date();
  const { items, total } = await deps.leads.page(filterFor(identity, query), (query.page - 1) * LEAD_PAGE_SIZE, LEAD_PAGE_SIZE, now);
  return {
    items: await viewsOf(deps, items),
    total,
    page: query.page,
    pageSize: LEAD_PAGE_SIZE,
    pageCount: Math.ceil(total / LEAD_PAGE_SIZE),
    unread: await deps.leads.unreadFor(identity.userId, now),
  };
}

/** The request when the caller may see it: its owner (once staff no longer hold it) or staff; anyone else gets the answer an unknown id gets. */
async function visibleLead(deps: LeadInboxDeps, identity: Identity, id: string): Promise<StoredLead> {
  const lead = await deps.leads.findById(id);
  if (!lead || !(isStaff(identity) || (lead.ownerUserId === identity.userId && lead.held === null))) throw AppError.notFound(`There is no request "${id}".`);
  return lead;
}

async function changed(deps: LeadInboxDeps, lead: StoredLead, set: Parameters<LeadRepository['update']>[1], extra: Parameters<LeadInboxDeps['events']['event']>[] = []): Promise<LeadView> {
  const events = [deps.events.event('catalog.lead.changed', { leadId: lead.id, ownerUserId: lead.ownerUserId }), ...extra.map((args) => deps.events.event(...args))];
  const now = await deps.leads.update(lead.id, set, events);
  if (!now) throw AppError.notFound(`There is no request "${lead.id}".`);
  void deps.events.relay();
  return (await viewsOf(deps, [now]))[0]!;
}

/** PATCH /leads/:id: its owner (or staff) sets where it stands, or whether it is read. */
export async function changeLead(deps: LeadInboxDeps, identity: Identity, id: string, change: LeadChange): Promise<LeadView> {
  const lead = await visibleLead(deps, identity, id);
  const readAt = change.read === undefined ? undefined : change.read ? (lead.readAt ?? deps.now?.() ?? new Date()) : null;
  return changed(deps, lead, { ...(change.status ? { status: change.status } : {}), ...(readAt !== undefined ? { readAt } : {}) });
}

/** POST /admin/leads/:id/approve: staff let a held request through; its owner is mailed it now. */
export async function approveLead(deps: LeadInboxDeps, id: string): Promise<LeadView> {
  const lead = await deps.leads.findById(id);
  if (!lead) throw AppError.notFound(`There is no request "${id}".`);
  const notHeld = () => new AppError('not_held', 'This request is not held: its owner has it already.', { status: 409 });
  if (lead.held === null) throw notHeld();
  const [service] = await deps.services.findByIds([lead.serviceId]);
  // Held while nobody owned the listing, and claimed since: it is the new owner's, kept 180 days from its arrival.
  const ownerUserId = lead.ownerUserId ?? service?.ownerUserId ?? null;
  const adopted = lead.ownerUserId === null && ownerUserId !== null ? { ownerUserId, expiresAt: new Date(lead.createdAt.getTime() + LEAD_KEPT_DAYS * DAY_MS) } : {};
  const through = { ...lead, ...adopted };
  await deps.leads.indexLead(through);
  const events = [
    deps.events.event('catalog.lead.changed', { leadId: lead.id, ownerUserId }),
    deps.events.event('catalog.lead.approved', {
      leadId: lead.id,
      serviceId: lead.serviceId,
      serviceName: service?.name ?? '',
      slug: service?.slug ?? '',
      ownerUserId,
      request: lead.request,
      // Nobody owns the listing yet: its public address is invited to claim it, as when a request is taken at once.
      ...(ownerUserId === null && service?.contact.email ? { contactEmail: service.contact.email } : {}),
    }),
  ];
  const now = await deps.leads.update(lead.id, { held: null, status: 'new', ...adopted }, events, true);
  if (!now) throw notHeld();
  void deps.events.relay();
  return (await viewsOf(deps, [now]))[0]!;
}

/** POST /admin/leads/:id/spam: staff mark a request spam (it stays out of the owner's inbox) and keep its sender's address from sending for 30 days. */
export async function markLeadSpam(deps: LeadInboxDeps, id: string): Promise<LeadView> {
  const lead = await deps.leads.findById(id);
  if (!lead) throw AppError.notFound(`There is no request "${id}".`);
  const now = deps.now?.() ?? new Date();
  await deps.leads.block(senderKey(lead.request.email), new Date(now.getTime() + LEAD_SPAM_BLOCK_DAYS * DAY_MS));
  return changed(deps, lead, { status: 'spam' });
}

/** A CSV cell: quoted when it must be; a text a spreadsheet would run as a formula is given a leading apostrophe. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const CSV_COLUMNS = ['Received', 'Listing', 'Status', 'Name', 'E-mail', 'ZIP code', 'Meals per week', 'Start date', 'Delivery or pickup', 'Meal types', 'Message'] as const;

/** GET /leads/export.csv: the caller's inbox (staff: every request) as CSV, newest first, the newest LEAD_EXPORT_MAX. */
export async function leadsCsv(deps: LeadInboxDeps, identity: Identity): Promise<string> {
  const filter: LeadFilter = isStaff(identity) ? { all: true } : { ownerUserId: identity.userId };
  const rows: string[] = [CSV_COLUMNS.join(',')];
  for (let skip = 0; skip < LEAD_EXPORT_MAX; skip += 500) {
    const { items } = await deps.leads.page(filter, skip, Math.min(500, LEAD_EXPORT_MAX - skip), deps.now?.() ?? new Date());
    for (const lead of await viewsOf(deps, items)) {
      const r = lead.request;
      rows.push(
        [
          lead.createdAt,
          lead.serviceName,
          LEAD_STATUS_LABELS[lead.status],
          r.name,
          r.email,
          r.zip,
          String(r.mealsPerWeek),
          r.startDate,
          LEAD_FULFILMENT_LABELS[r.fulfilment],
          r.mealTypes.join(' '),
          r.message,
        ]
          .map(cell)
          .join(','),
      );
    }
    if (items.length < 500) break;
  }
  return `${rows.join('\r\n')}\r\n`;
}
