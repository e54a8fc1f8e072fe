import type { EventPayload } from '@mealprep/contracts';
import { visitorCopyMail } from '../mail/lead-mail';
import { inviteToClaim } from './claim-invitations';
import { deliverToOwner, type LeadDeliveryDeps } from './lead-delivery';
import { sendOnce } from './status-change-mail';

/**
 * A quote request kept by svc-catalog: the visitor gets a copy with the link that deletes it; the
 * listing's owner gets the request (the visitor as Reply-To; at the address they chose, or in their
 * daily digest) unless staff look at it first or
 * nobody owns the listing yet. Once per event and person (the key is claimed before the mail goes
 * out and given back when it fails, so the broker's redelivery sends it again).
 */
export async function mailLead(deps: LeadDeliveryDeps, eventId: string, lead: EventPayload<'catalog.lead.received'>): Promise<void> {
  const listingUrl = `${deps.siteUrl}/service/${lead.slug}`;
  const deleteUrl = `${deps.siteUrl}/quote-requests/delete?token=${encodeURIComponent(lead.deleteToken)}`;
  await sendOnce(deps, `${eventId}:visitor`, visitorCopyMail(lead, listingUrl, deleteUrl));
  await inviteToClaim(deps, lead);
  const owner = !lead.held && lead.ownerUserId ? await deps.users.findById(lead.ownerUserId) : null;
  if (owner) await deliverToOwner(deps, eventId, owner, lead);
  deps.logger.info({ serviceId: lead.serviceId, leadId: lead.leadId, held: lead.held, toOwner: Boolean(owner) }, 'quote request mailed');
}

/**
 * A request staff let through after the checks held it: its owner gets it now (the visitor had their
 * copy when it arrived), or, for a listing nobody has claimed, its public address is invited to claim it. Once per event.
 */
export async function mailApprovedLead(deps: LeadDeliveryDeps, eventId: string, lead: EventPayload<'catalog.lead.approved'>): Promise<void> {
  await inviteToClaim(deps, { ...lead, held: false });
  const owner = lead.ownerUserId ? await deps.users.findById(lead.ownerUserId) : null;
  if (owner) await deliverToOwner(deps, eventId, owner, lead);
  deps.logger.info({ serviceId: lead.serviceId, leadId: lead.leadId, toOwner: Boolean(owner) }, 'approved quote request mailed');
}
