import { EventPayloadSchemas } from '@mealprep/contracts';
import type { Broker } from '@mealprep/service-kit';
import { mailClaimDecision } from '../../domain/claim-mail';
import type { LeadDeliveryDeps } from '../../domain/lead-delivery';
import { mailApprovedLead, mailLead } from '../../domain/lead-mail';
import { mailPhotoRemoved } from '../../domain/photo-mail';
import { mailOfReview } from '../../domain/review-mail';
import { mailOwnerOfStatusChange, type StatusMailDeps } from '../../domain/status-change-mail';

/**
 * Owners hear by e-mail when an admin publishes or rejects their listing and when a review of it is
 * shown or staff remove one of its photos; claimants how their claim was decided, reviewers how staff decided their review, and
 * visitors and owners of the quote requests sent. Shared durable queues: with several svc-auth instances each event is mailed
 * once; a failed send is retried (the use cases claim the event id and give it back when the send fails).
 */
export async function subscribeStatusMail(deps: StatusMailDeps & LeadDeliveryDeps & { broker: Broker }): Promise<void> {
  await deps.broker.subscribe('auth-owner-status-mail', ['catalog.service.status-changed'], async (event) => {
    const change = EventPayloadSchemas['catalog.service.status-changed'].parse(event.payload);
    await mailOwnerOfStatusChange(deps, event.id, change);
  });
  await deps.broker.subscribe('auth-claim-mail', ['catalog.claim.decided'], async (event) => {
    const decided = EventPayloadSchemas['catalog.claim.decided'].parse(event.payload);
    await mailClaimDecision(deps, event.id, decided);
  });
  await deps.broker.subscribe('auth-review-mail', ['catalog.review.changed'], async (event) => {
    const review = EventPayloadSchemas['catalog.review.changed'].parse(event.payload);
    await mailOfReview(deps, event.id, review);
  });
  await deps.broker.subscribe('auth-photo-mail', ['media.photo.removed'], async (event) => {
    await mailPhotoRemoved(deps, event.id, EventPayloadSchemas['media.photo.removed'].parse(event.payload));
  });
  // A quote request: never lost while svc-auth is away (the queue is durable and shared) and mailed again when a send fails.
  await deps.broker.subscribe('auth-lead-mail', ['catalog.lead.received', 'catalog.lead.approved'], async (event) => {
    if (event.type === 'catalog.lead.approved') return mailApprovedLead(deps, event.id, EventPayloadSchemas['catalog.lead.approved'].parse(event.payload));
    const lead = EventPayloadSchemas['catalog.lead.received'].parse(event.payload);
    await mailLead(deps, event.id, lead);
  });
}
