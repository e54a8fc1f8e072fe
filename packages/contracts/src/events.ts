import { z } from 'zod';
import { ServiceStatusSchema } from './service';

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
});

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
  /** A CSV import added or changed many services at once: one event instead of thousands. */
  'catalog.services.imported': z.object({ created: z.number().int().nonnegative(), updated: z.number().int().nonnegative() }),
  /** An admin marked a service closed from its website check: svc-catalog closes the listing. */
  'checker.service.closed-confirmed': z.object({ serviceId: z.string(), checkId: z.string(), byUserId: z.string().nullable(), byEmail: z.string().nullable() }),
  'media.banners.changed': z.object({ count: z.number().int().nonnegative() }),
  'auth.user.created': z.object({ userId: z.string(), email: z.email() }),
  /** A role was granted or revoked: cached identities of that user are stale. */
  'auth.user.roles-changed': z.object({ userId: z.string(), roles: z.array(z.enum(['admin'])) }),
  /** Log out: the gateway drops the session from its cache at once. */
  'auth.session.revoked': z.object({ userId: z.string(), sessionHash: z.string() }),
} as const;

export type EventType = keyof typeof EventPayloadSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof EventPayloadSchemas)[T]>;

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
