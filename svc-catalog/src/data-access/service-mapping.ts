import {
  DEFAULT_DELIVERY_RADIUS_MILES,
  EMPTY_OFFER,
  ListingPhotoSchema,
  OfferSchema,
  type EditableService,
  type ListingPhoto,
  type Offer,
  type OwnershipChange,
  type PublicService,
  type ServiceSnapshot,
  type StatusChange,
} from '@mealprep/contracts';
import type { Doc } from './service-model';

/** A service as the repository gives it: plain fields, read from its document (see toStored). */
export type StoredService = Omit<PublicService, 'claimable'> & { ownerUserId: string | null; metadata: Record<string, unknown>; version: number };
export type NewService = Omit<StoredService, 'version'>;

const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : value ? new Date(String(value)).toISOString() : null);

/** The document a stored service was read from, kept with it (not enumerable) so a write that follows need not read it again. */
const READ_FROM = Symbol('read from');

export function toStored(doc: Doc): StoredService {
  const stored = toStoredFields(doc);
  Object.defineProperty(stored, READ_FROM, { value: doc, enumerable: false });
  return stored;
}

function toStoredFields(doc: Doc): StoredService {
  return {
    id: String(doc._id),
    name: doc.name,
    slug: doc.slug,
    tagline: doc.tagline ?? '',
    description: doc.description ?? '',
    defaultCurrency: doc.defaultCurrency ?? 'USD',
    languages: doc.languages ?? ['en'],
    mealTypes: doc.mealTypes ?? [],
    status: doc.status,
    featuredUntil: iso(doc.featuredUntil),
    createdAt: iso(doc.createdAt) ?? new Date(0).toISOString(),
    updatedAt: iso(doc.updatedAt) ?? new Date(0).toISOString(),
    publishedAt: iso(doc.publishedAt),
    deliveryMethods: {
      localDelivery: Boolean(doc.deliveryMethods?.localDelivery),
      pickup: Boolean(doc.deliveryMethods?.pickup),
      shipsDomestically: Boolean(doc.deliveryMethods?.shipsDomestically),
      shipsInternationally: Boolean(doc.deliveryMethods?.shipsInternationally),
    },
    deliveryRadiusMiles: typeof doc.deliveryRadiusMiles === 'number' ? doc.deliveryRadiusMiles : DEFAULT_DELIVERY_RADIUS_MILES,
    contact: {
      email: doc.contact?.email ?? '',
      phone: doc.contact?.phone ?? '',
      website: doc.contact?.website ?? '',
      socialLinks: doc.contact?.socialLinks ?? [],
      showEmail: Boolean(doc.contact?.showEmail),
    },
    locations: (doc.locations ?? []).map((l: Doc) => ({
      label: l.label ?? '',
      address: {
        line1: l.address?.line1 ?? '',
        city: l.address?.city ?? '',
        region: l.address?.region ?? '',
        postalCode: l.address?.postalCode ?? '',
        countryCode: l.address?.countryCode ?? 'US',
      },
      isPrimary: Boolean(l.isPrimary),
      point: Number.isFinite(l.point?.latitude) && Number.isFinite(l.point?.longitude) ? { latitude: l.point.latitude, longitude: l.point.longitude } : null,
    })),
    media: { logoImageId: doc.media?.logoImageId ?? null, photos: toPhotos(doc.media?.photos), coverPhotoId: doc.media?.coverPhotoId ?? null },
    offer: toOffer(doc.offer),
    rating: { average: typeof doc.rating?.average === 'number' ? doc.rating.average : null, count: typeof doc.rating?.count === 'number' ? doc.rating.count : 0 },
    ownerUserId: doc.ownerUserId ?? null,
    metadata: doc.metadata ?? {},
    version: typeof doc.version === 'number' ? doc.version : 0,
  };
}

/** Photos as stored (written only after ListingPhotosBodySchema and svc-media's word checked them). */
export function toPhotos(stored: unknown): ListingPhoto[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((photo) => {
    const parsed = ListingPhotoSchema.safeParse(photo);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The offer as stored (written only after OfferInputSchema checked it); a listing that never said one has none. */
function toOffer(stored: unknown): Offer {
  if (!stored || typeof stored !== 'object') return EMPTY_OFFER;
  const parsed = OfferSchema.safeParse({ ...EMPTY_OFFER, ...stored });
  return parsed.success ? parsed.data : EMPTY_OFFER;
}

function toHistory(entries: Doc[] | undefined): StatusChange[] {
  return (entries ?? []).map((h) => ({
    at: iso(h.at) ?? new Date(0).toISOString(),
    byUserId: h.byUserId ?? null,
    byEmail: h.byEmail ?? null,
    from: h.from ?? null,
    to: h.to,
    reason: h.reason ?? null,
  }));
}

export function toEditable(doc: Doc): EditableService {
  const stored = toStored(doc);
  return {
    ...toPublic(stored),
    // Its owner and staff read the e-mail address the public view leaves out.
    contact: stored.contact,
    ownerUserId: stored.ownerUserId,
    version: stored.version,
    metadata: stored.metadata,
    statusHistory: toHistory(doc.statusHistory),
    possibleDuplicateOf: (doc.possibleDuplicateOf ?? []).map((d: Doc) => ({ id: d.id, name: d.name, slug: d.slug, reason: d.reason })),
    ownershipHistory: toOwnershipHistory(doc.ownershipHistory),
    // Kept apart from the listing (review-records.ts): staff's view adds it (owner-services.ts).
    reviewTrail: [],
    removedPhotos: toPhotos(doc.media?.removedPhotos),
  };
}

/** The document a service or listing was read from (see READ_FROM), or null. */
export const readFrom = (value: object): Doc | null => (value as Record<symbol, Doc | undefined>)[READ_FROM] ?? null;

/**
 * The public view of a stored service: owner, submission metadata and version are not shown, nor is
 * the contact e-mail address (harvesters read every answer; visitors write through the quote form,
 * and an owner who shows the address has it fetched by a button: GET /services/:id/contact-email).
 */
export function toPublic(service: StoredService): PublicService {
  const { ownerUserId: _owner, metadata, version: _version, ...visible } = service;
  const years = typeof metadata.yearsInBusiness === 'string' ? metadata.yearsInBusiness : '';
  const said = years === 'Other' && typeof metadata.yearsInBusinessOther === 'string' ? metadata.yearsInBusinessOther : years;
  const contact = { ...visible.contact, email: '', showEmail: Boolean(visible.contact.showEmail && visible.contact.email) };
  return { ...visible, contact, claimable: isClaimable(service), ...(said ? { yearsInBusiness: said } : {}) };
}

/** A listing a business may claim: public (published or closed) and nobody's yet. */
export const isClaimable = (service: Pick<StoredService, 'ownerUserId' | 'status'>) => service.ownerUserId === null && (service.status === 'published' || service.status === 'closed');

function toOwnershipHistory(entries: Doc[] | undefined): OwnershipChange[] {
  return (entries ?? []).map((h) => ({
    at: iso(h.at) ?? new Date(0).toISOString(),
    action: h.action,
    kind: h.kind ?? 'claim',
    claimId: String(h.claimId ?? ''),
    claimantEmail: h.claimantEmail ?? '',
    fromOwnerUserId: h.fromOwnerUserId ?? null,
    toOwnerUserId: h.toOwnerUserId ?? null,
    byEmail: h.byEmail ?? null,
    reason: h.reason ?? null,
  }));
}

/** What a snapshot (see toSnapshot) reads of a service. */
export const SNAPSHOT_FIELDS = { name: 1, slug: 1, status: 1, 'contact.website': 1, featuredUntil: 1, 'media.logoImageId': 1, 'media.photos': 1, ownerUserId: 1, version: 1 };
export const toSnapshot = (d: Doc): ServiceSnapshot => ({
  serviceId: String(d._id),
  name: String(d.name ?? ''),
  slug: String(d.slug ?? ''),
  website: String(d.contact?.website ?? ''),
  status: String(d.status ?? ''),
  featuredUntil: iso(d.featuredUntil),
  logoImageId: d.media?.logoImageId ?? null,
  version: typeof d.version === 'number' ? d.version : 0,
  ownerUserId: d.ownerUserId ?? null,
  photoIds: Array.isArray(d.media?.photos) ? d.media.photos.map((p: Doc) => String(p?.id)) : [],
});

/** A stored listing as an import compares it with a row: what the file has columns for, and its owner. */
export interface ImportedListing {
  name: string;
  tagline: string;
  mealTypes: string[];
  deliveryMethods: { localDelivery: boolean; shipsDomestically: boolean };
  website: string;
  city: string;
  region: string;
  place: unknown;
  imageLinkFull: string;
  profilePageImageLink: string;
  offer: Offer;
  ownerUserId: string | null;
}

/** What an import compares with what is stored (and the owner and version it must respect). */
export const IMPORT_COMPARED = {
  slug: 1,
  name: 1,
  tagline: 1,
  mealTypes: 1,
  deliveryMethods: 1,
  'contact.website': 1,
  'locations.address.city': 1,
  'locations.address.region': 1,
  'metadata.place': 1,
  'metadata.imageLinkFull': 1,
  'metadata.profilePageImageLink': 1,
  offer: 1,
  ownerUserId: 1,
  version: 1,
};

/** A listing as an import compares it, kept with the document it was read from (see READ_FROM). */
export function toImportedListing(doc: Doc): ImportedListing {
  const primary = (doc.locations ?? [])[0]?.address as Doc | undefined;
  const delivery = doc.deliveryMethods ?? {};
  const listing: ImportedListing = {
    name: doc.name,
    tagline: doc.tagline ?? '',
    mealTypes: doc.mealTypes ?? [],
    deliveryMethods: { localDelivery: Boolean(delivery.localDelivery), shipsDomestically: Boolean(delivery.shipsDomestically) },
    website: doc.contact?.website ?? '',
    city: primary?.city ?? '',
    region: primary?.region ?? '',
    place: doc.metadata?.place ?? null,
    imageLinkFull: doc.metadata?.imageLinkFull ?? '',
    profilePageImageLink: doc.metadata?.profilePageImageLink ?? '',
    offer: toOffer(doc.offer),
    ownerUserId: doc.ownerUserId ?? null,
  };
  Object.defineProperty(listing, READ_FROM, { value: doc, enumerable: false });
  return listing;
}
