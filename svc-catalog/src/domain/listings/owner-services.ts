import type { CreatedServiceSchema, EditableService, Identity, ServiceInsert, ServiceStatus, ServiceUpdate } from '@mealprep/contracts';
import { EDIT_NOT_FOUND_MESSAGE, OWNER_LOCKED_STATUSES } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { z } from 'zod';
import type { MealTypeRepository } from '../../data-access/meal-type-repository';
import type { MediaFinder } from '../../data-access/media-client';
import type { StoredService } from '../../data-access/service-mapping';
import type { KeyedWrite } from '../../data-access/service-repository';
import type { ServiceDeps } from './services';
import { announceStatusChange, announceUpdate, serviceChange } from './service-events';
import { websiteHost } from '../catalogue/admin-index';
import { managedBy } from './listing-access';
import { ownerView } from './listing-trail';
import { reviewTrailOf, type TrailReader } from '../reviews/review-trail';
import { checkLogoChoice } from './logo-choice';
import { US_STATES } from '../catalogue/us-states';

/** `media`: svc-media, asked about a new logo (unset, a new logo cannot be taken). */
export type OwnerDeps = ServiceDeps & TrailReader & { mealTypes: MealTypeRepository; media?: MediaFinder };

const isAdmin = (identity: Identity) => identity.roles.includes('admin');
const notFound = () => AppError.notFound(EDIT_NOT_FOUND_MESSAGE);
const STATE_NAMES = new Set(US_STATES.map((s) => s.name));

async function checkMealTypes(deps: OwnerDeps, slugs: string[]): Promise<void> {
  if (slugs.length === 0) return;
  const known = new Set((await deps.mealTypes.list()).map((m) => m.slug));
  const unknown = slugs.filter((s) => !known.has(s));
  if (unknown.length > 0) throw AppError.badRequest(`Unknown meal type: ${unknown.join(', ')}.`, [{ path: 'mealTypes', message: 'unknown meal type' }]);
}

/** The service if the caller may edit it (its owner, or an admin); otherwise not found, whichever it is. */
async function editableBy(deps: OwnerDeps, identity: Identity, id: string): Promise<StoredService> {
  return managedBy(identity, await deps.services.findById(id));
}

const actor = (identity: Identity) => ({ byUserId: identity.userId, byEmail: identity.email });

/** The listing as the caller may see it: admins see everything (its review trail too, kept apart); its owner what listing-trail.ts leaves them. */
export async function editableFor(deps: OwnerDeps, identity: Identity, service: EditableService): Promise<EditableService> {
  return isAdmin(identity) ? { ...service, reviewTrail: await reviewTrailOf(deps, service.id) } : ownerView(identity, service);
}

/**
 * An address with its point. A ZIP code must be one the ZIP table knows and lie in the state
 * given; an address with a ZIP code and no city or state takes the ZIP code's.
 */
function locatedAddress<A extends { postalCode: string; city: string; region: string }>(deps: OwnerDeps, address: A): { address: A; point: { latitude: number; longitude: number } | null } {
  if (!address.postalCode) return { address, point: deps.catalog.places.locate(address) };
  const zip = deps.catalog.places.byZip(address.postalCode);
  if (!zip) throw AppError.badRequest(`We don't know the ZIP code ${address.postalCode}.`, [{ path: 'postalCode', message: 'unknown ZIP code' }]);
  const zipState = deps.catalog.places.stateName(zip.state);
  if (address.region && address.region !== zipState) {
    throw AppError.badRequest(`The ZIP code ${address.postalCode} is in ${zipState}, not ${address.region}.`, [{ path: 'postalCode', message: 'in another state' }]);
  }
  const filled = { ...address, city: address.city || zip.city, region: address.region || zipState };
  return { address: filled, point: { latitude: zip.latitude, longitude: zip.longitude } };
}

/** services.insert: a signed-in user's new listing, always a draft of theirs. */
export async function createService(deps: OwnerDeps, identity: Identity, input: ServiceInsert): Promise<z.infer<typeof CreatedServiceSchema>> {
  await checkMealTypes(deps, input.mealTypes);
  for (const location of input.locations) {
    if (location.address.region && !STATE_NAMES.has(location.address.region)) {
      throw AppError.badRequest(`Unknown state: ${location.address.region}.`, [{ path: 'locations.address.region', message: 'unknown state' }]);
    }
  }
  const locations = input.locations.map((l) => locatedAddress(deps, l.address));
  await checkLogoChoice(deps.media, identity, { id: null, ownerUserId: identity.userId, logoImageId: null }, input.media.logoImageId);
  // Read from memory; the database's unique index turns a race for the slug into the same 409.
  if (deps.catalog.admin.slugTaken(input.slug)) throw new AppError('slug_taken', 'That URL slug is already used by another service. Choose another.', { status: 409 });
  const now = deps.now?.() ?? new Date();
  const possibleDuplicateOf = deps.catalog.admin.possibleDuplicates({
    websiteHost: websiteHost(input.contact.website),
    name: input.name,
    city: input.locations[0]?.address.city || null,
  });
  const { termsAccepted: _terms, ...metadata } = input.metadata;
  const created = await deps.services.create(
    {
      ...input,
      status: 'draft',
      ownerUserId: identity.userId,
      featuredUntil: null,
      publishedAt: null,
      locations: input.locations.map((l, i) => ({ ...l, address: locations[i]!.address, point: locations[i]!.point, createdAt: now, updatedAt: now })),
      metadata: { ...metadata, termsAcceptedAt: now.toISOString() },
      possibleDuplicateOf,
    },
    now,
    actor(identity),
    (_before, after) => [deps.events.event('catalog.service.created', serviceChange(after))],
  );
  deps.catalog.apply(created);
  await deps.events.relay();
  return { id: created.id, slug: created.slug, status: created.status };
}

/** The listing's locations with the main one at a new ZIP code, in the ZIP code's city and state (a listing with none gets one there). */
function withPostalCode(deps: OwnerDeps, service: StoredService, postalCode: string) {
  const now = deps.now?.() ?? new Date();
  const locations = service.locations.length > 0 ? service.locations : [{ label: '', address: { line1: '', city: '', region: '', postalCode: '', countryCode: 'US' }, isPrimary: true, point: null }];
  const main = Math.max(
    0,
    locations.findIndex((l) => l.isPrimary),
  );
  return locations.map((l, i) => {
    if (i !== main) return l;
    const located = locatedAddress(deps, postalCode ? { ...l.address, postalCode, city: '', region: '' } : { ...l.address, postalCode });
    return { ...l, address: located.address, point: located.point, updatedAt: now };
  });
}

/** services.edit: the whole listing with its history, for its owner or an admin. */
export async function getEditable(deps: OwnerDeps, identity: Identity, id: string): Promise<EditableService> {
  return editableFor(deps, identity, managedBy(identity, await deps.services.findEditable(id)));
}

/**
 * services.update. Owners edit their own listing unless it is closed or rejected; an owner who
 * renames a published listing (name or slug) sends it back to review: it leaves the public site.
 * `write`: its Idempotency-Key, bound to the caller and this request (keyed-write.ts).
 */
export async function updateService(deps: OwnerDeps, identity: Identity, id: string, update: ServiceUpdate, options: { write?: KeyedWrite } = {}): Promise<EditableService> {
  const admin = isAdmin(identity);
  const first = await editableBy(deps, identity, id);
  if (update.slug && update.slug !== first.slug && deps.catalog.admin.slugTaken(update.slug, id)) {
    throw new AppError('slug_taken', 'That URL slug is already used by another service. Choose another.', { status: 409 });
  }
  if (update.media) await checkLogoChoice(deps.media, identity, { id, ownerUserId: first.ownerUserId, logoImageId: first.media.logoImageId }, update.media.logoImageId);
  const set: Record<string, unknown> = {};
  if (update.name !== undefined) set.name = update.name;
  if (update.slug !== undefined) set.slug = update.slug;
  if (update.tagline !== undefined) set.tagline = update.tagline;
  if (update.description !== undefined) set.description = update.description;
  if (update.contact) {
    set['contact.email'] = update.contact.email;
    set['contact.phone'] = update.contact.phone;
    set['contact.website'] = update.contact.website;
    if (update.contact.showEmail !== undefined) set['contact.showEmail'] = update.contact.showEmail;
  }
  if (update.deliveryMethods) set.deliveryMethods = update.deliveryMethods;
  if (update.deliveryRadiusMiles !== undefined) set.deliveryRadiusMiles = update.deliveryRadiusMiles;
  if (update.postalCode !== undefined) set.locations = withPostalCode(deps, first, update.postalCode);
  if (update.media) set['media.logoImageId'] = update.media.logoImageId;
  if (update.offer) set.offer = update.offer;
  const now = deps.now?.() ?? new Date();
  const updated = announceUpdate(deps.events);
  const statusChanged = announceStatusChange(deps.events, null);
  // Decided on the listing as it is when written (an admin may close it a moment before).
  const written = await deps.services.modify(
    id,
    (service) => {
      managedBy(identity, service);
      if (!admin && (OWNER_LOCKED_STATUSES as readonly string[]).includes(service.status)) {
        throw AppError.forbidden('This listing is closed or rejected and can no longer be edited. Contact us if this is a mistake.');
      }
      const renamed = (update.name !== undefined && update.name !== service.name) || (update.slug !== undefined && update.slug !== service.slug);
      const backToReview = !admin && renamed && service.status === 'published';
      return {
        set,
        status: backToReview ? { to: 'pending', at: now, ...actor(identity), reason: 'Name or URL slug changed by the owner' } : undefined,
        announce: (before, next) => [...updated(before, next), ...statusChanged(before, next)],
      };
    },
    first,
    options,
  );
  if (!written) throw notFound();
  deps.catalog.apply(written.after);
  // The answer goes once the write is stored (its events with it); the outbox relays them after.
  void deps.events.relay();
  // The listing as written answers the save: one read of it per save (two if another write came first).
  const editable = deps.services.editableOf(written.after);
  return editable ? editableFor(deps, identity, editable) : getEditable(deps, identity, id);
}

/** submitForApproval: a draft goes to pending, for the admins to review. */
export async function submitForApproval(deps: OwnerDeps, identity: Identity, id: string): Promise<EditableService> {
  const service = await editableBy(deps, identity, id);
  return setStatus(deps, identity, service, 'pending', null, (current) => {
    if (current.status !== 'draft') throw new AppError('not_draft', 'Only a draft can be submitted for approval.', { status: 409 });
  });
}

/**
 * Sets a status (nothing is written when it is that already); `check` refuses on the listing as it
 * is when written. The owner's submission above and the admin's change (admin-services.ts) use it.
 */
export async function setStatus(
  deps: OwnerDeps,
  identity: Identity,
  service: StoredService,
  status: ServiceStatus,
  reason: string | null,
  check?: (current: StoredService) => void,
): Promise<EditableService> {
  const at = deps.now?.() ?? new Date();
  const written = await deps.services.modify(service.id, (current) => {
    check?.(current);
    return current.status === status ? null : { set: {}, status: { to: status, at, ...actor(identity), reason }, announce: announceStatusChange(deps.events, reason) };
  });
  if (!written) throw AppError.notFound('There is no such service.');
  deps.catalog.apply(written.after);
  await deps.events.relay();
  return getEditable(deps, identity, service.id);
}
