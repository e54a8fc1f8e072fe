import { z } from 'zod';
import { PublishedBrandSchema } from './brand';
import { LeadDetailsSchema } from './leads';
import { InsightHitBatchSchema } from './insights';
import { ServiceStatusSchema } from './service';
import { MAX_LISTING_PHOTOS } from './photo-constants';

/** At most this many services are named by one import event (an import of more announces in parts). */
export const MAX_IMPORT_IDS = 5_000;

const ServiceChange = z.object({
  serviceId: z.string(),
  slug: z.string(),
  status: ServiceStatusSchema,
  /** The logo the listing now uses, so svc-media can tie the media item to it. */
  logoImageId: z.string().nullable().optional(),
  /** Its name and featuring, for services that keep a directory of their own (svc-media). */
  name: z.string().optional(),
  featuredUntil: z.string().nullable().optional(),
  /** Its website, for svc-checker's projection. */
  website: z.string().optional(),
  /** Who owns it: the owner is told of a publish or a rejection, and only the owner and admins hear of a listing that is not public. */
  ownerUserId: z.string().nullable().optional(),
  /** The photos its gallery shows, in order (svc-media serves a photo to visitors only while its listing is public). */
  photoIds: z.array(z.string()).max(MAX_LISTING_PHOTOS).optional(),
  /**
   * The service's version after the change (every write adds one; a delete is DELETED_VERSION).
   * Events may arrive late or out of order: a projection applies one only when it is newer than
   * what it holds. Events stored before versions existed read as 0.
   */
  version: z.number().int().nonnegative().default(0),
  /**
   * Whether visitors see the change: the listing was or is public (published or closed) and what a
   * visitor sees of it changed (its page, its card, where it is found, whether it may be claimed).
   * False for a draft or pending listing saved, created or submitted, and for a save that changed
   * nothing shown. The caches of public pages and lists are dropped only on a change visitors see.
   * Absent (events sent before it existed): not known, which is taken as a change visitors see.
   */
  publicChange: z.boolean().optional(),
});

/** The version a delete announces: newer than any change, so nothing late brings the service back. */
export const DELETED_VERSION = Number.MAX_SAFE_INTEGER;

/**
 * Every domain event's payload, by routing key. Consumers validate the envelope and then the
 * payload; the event id lets them ignore a redelivery.
 */
export const EventPayloadSchemas = {
  'catalog.regions.seeded': z.object({ count: z.number().int().nonnegative() }),
  'catalog.meal-types.seeded': z.object({ count: z.number().int().nonnegative() }),
  'catalog.service.created': ServiceChange,
  'catalog.service.updated': ServiceChange,
  'catalog.service.deleted': ServiceChange,
  'catalog.service.status-changed': ServiceChange.extend({
    previousStatus: ServiceStatusSchema,
    name: z.string().optional(),
    /** Why, when an admin said. */
    reason: z.string().nullable().optional(),
  }),
  'catalog.service.reported-open': z.object({ serviceId: z.string(), slug: z.string(), reportId: z.string() }),
  'catalog.articles.changed': z.object({ slugs: z.array(z.string()) }),
  /**
   * A CSV import added or changed many services at once: one event instead of thousands, naming the
   * services it wrote, which projections read again from svc-catalog.
   */
  'catalog.services.imported': z.object({
    created: z.number().int().nonnegative(),
    updated: z.number().int().nonnegative(),
    serviceIds: z.array(z.string()).max(MAX_IMPORT_IDS).default([]),
  }),
  /** An admin marked a service closed from its website check: svc-catalog closes the listing. */
  'checker.service.closed-confirmed': z.object({ serviceId: z.string(), checkId: z.string(), byUserId: z.string().nullable(), byEmail: z.string().nullable() }),
  /** A claim of a listing was granted at once, approved or rejected: svc-auth mails the claimant (and a dispossessed owner). */
  'catalog.claim.decided': z.object({
    claimId: z.string(),
    serviceId: z.string(),
    serviceName: z.string(),
    slug: z.string(),
    outcome: z.enum(['granted', 'approved', 'rejected']),
    claimantUserId: z.string(),
    previousOwnerUserId: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  /**
   * A review changed: written, edited, deleted, answered, reported, or decided by staff (the review
   * or the owner's reply). Open pages of the listing read its reviews again when visitors see the
   * change; svc-auth mails the owner the first time a person's review of the listing is shown
   * (`posted` published, or `approved`), the reviewer when staff decide it and the owner when staff
   * take their reply down (with the reason).
   */
  'catalog.review.changed': z.object({
    reviewId: z.string(),
    serviceId: z.string(),
    serviceName: z.string(),
    slug: z.string(),
    /** The listing's status (a review is only written on a published one; it may have closed since). */
    status: z.string(),
    ownerUserId: z.string().nullable(),
    reviewerUserId: z.string(),
    change: z.enum(['posted', 'edited', 'deleted', 'replied', 'reported', 'approved', 'rejected', 'removed', 'reply-approved', 'reply-removed']),
    /** Whether visitors see the review after the change. */
    shown: z.boolean(),
    /**
     * Whether the change touches what visitors see (the review or its reply shown before or after):
     * a held review edited, a report or a reply the checks held changes no page. Absent (an older
     * sender): it may.
     */
    publicChange: z.boolean().optional(),
    rating: z.number().int(),
    /** Staff's reason for a rejection or a removal. */
    reason: z.string().nullable(),
  }),
  /**
   * Staff published a brand (from the draft, or an earlier version again): every gateway serves it
   * from its next page (one newer than the one it holds) and svc-auth's mails carry its sender.
   */
  'catalog.brand.published': PublishedBrandSchema,
  /**
   * A visitor's quote request was kept (in the same write): svc-auth mails the visitor a copy with
   * the link that deletes it, and the listing's owner the request with the visitor as Reply-To,
   * unless it is held for staff or nobody owns the listing yet. The request's words and addresses
   * travel only between the services.
   */
  'catalog.lead.received': z.object({
    leadId: z.string(),
    serviceId: z.string(),
    serviceName: z.string(),
    slug: z.string(),
    ownerUserId: z.string().nullable(),
    held: z.boolean(),
    request: LeadDetailsSchema,
    /** The visitor's link's secret (svc-catalog keeps only its hash). */
    deleteToken: z.string(),
    /** A listing nobody has claimed: its public contact address, which svc-auth invites (at most weekly) to claim it and read the request. */
    contactEmail: z.string().optional(),
  }),
  /** Staff approved a request the checks held: svc-auth mails it to the listing's owner (the visitor had their copy when it arrived). */
  'catalog.lead.approved': z.object({
    leadId: z.string(),
    serviceId: z.string(),
    serviceName: z.string(),
    slug: z.string(),
    ownerUserId: z.string().nullable(),
    request: LeadDetailsSchema,
    /** A listing nobody has claimed: its public contact address, invited (at most weekly) to claim it. */
    contactEmail: z.string().optional(),
  }),
  /** A request's status or read mark changed, or it was deleted: its owner's and staff's open inboxes read it again (nothing of it travels). */
  'catalog.lead.changed': z.object({ leadId: z.string(), ownerUserId: z.string().nullable() }),
  /** Counted visits, clicks and appearances, a batch at a time (svc-catalog's pages report them; svc-catalog stores them). */
  'insights.hits.batch': z.object({ hits: InsightHitBatchSchema }),
  'media.banners.changed': z.object({ count: z.number().int().nonnegative() }),
  /**
   * Staff removed a listing's photo, with the reason: svc-catalog takes it out of the gallery and
   * svc-auth mails the listing's owner (`ownerUserId` as svc-media knew it; null: no one to mail).
   */
  'media.photo.removed': z.object({
    photoId: z.string(),
    listingId: z.string(),
    listingName: z.string(),
    slug: z.string(),
    ownerUserId: z.string().nullable(),
    reason: z.string(),
    byUserId: z.string(),
  }),
  'auth.user.created': z.object({ userId: z.string(), email: z.email() }),
  /** A role was granted or revoked: cached identities of that user are stale. */
  'auth.user.roles-changed': z.object({ userId: z.string(), roles: z.array(z.enum(['admin'])) }),
  /** Log out: the gateway drops the session from its cache at once. */
  'auth.session.revoked': z.object({ userId: z.string(), sessionHash: z.string() }),
} as const;

export type EventType = keyof typeof EventPayloadSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof EventPayloadSchemas)[T]>;
/** What a publisher may write: fields with a default may be left out. */
export type EventPayloadInput<T extends EventType> = z.input<(typeof EventPayloadSchemas)[T]>;

export const EventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  occurredAt: z.iso.datetime(),
  source: z.string().min(1),
  payload: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EventPayloadSchemas, type);
}
