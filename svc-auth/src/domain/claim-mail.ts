import type { EventPayload } from '@mealprep/contracts';
import { claimMail, reassignedMail } from '../mail/claim-mail';
import { sendOnce, type StatusMailDeps } from './status-change-mail';

/**
 * A claimant hears by e-mail how their claim of a listing was decided (granted at once, approved or
 * rejected), and an owner whose listing a dispute gave to someone else hears of that: once per
 * event and person (the key is claimed before the mail goes out and given back when it fails).
 */
export async function mailClaimDecision(deps: StatusMailDeps, eventId: string, decided: EventPayload<'catalog.claim.decided'>): Promise<void> {
  const publicUrl = `${deps.siteUrl}/service/${decided.slug}`;
  const editUrl = `${deps.siteUrl}/dashboard/services/${decided.serviceId}/edit`;
  const claimant = await deps.users.findById(decided.claimantUserId);
  if (claimant) {
    await sendOnce(deps, `${eventId}:claimant`, claimMail(claimant.email, { name: decided.serviceName, outcome: decided.outcome, reason: decided.reason, publicUrl, editUrl }));
  }
  const previous = decided.previousOwnerUserId && decided.previousOwnerUserId !== decided.claimantUserId ? await deps.users.findById(decided.previousOwnerUserId) : null;
  if (previous) await sendOnce(deps, `${eventId}:previous-owner`, reassignedMail(previous.email, { name: decided.serviceName, reason: decided.reason, publicUrl }));
  deps.logger.info({ serviceId: decided.serviceId, claimId: decided.claimId, outcome: decided.outcome }, 'claimant told of a claim decision');
}
