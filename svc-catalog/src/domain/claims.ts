import { TOO_MANY_CLAIMS_MESSAGE, type Claim, type ClaimCheck, type ClaimKind, type ClaimList, type Identity } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { ClaimRepository } from '../data-access/claim-repository';
import type { StoredService } from '../data-access/service-mapping';
import type { Announce } from '../data-access/service-repository';
import { websiteHost } from './admin-index';
import { claimMatch } from './claim-match';
import type { OwnerDeps } from './owner-services';
import { announceUpdate } from './service-events';

export type ClaimDeps = OwnerDeps & { claims: ClaimRepository };

const now = (deps: ClaimDeps) => deps.now?.() ?? new Date();
const CLAIMABLE_STATUSES = new Set(['published', 'closed']);

/** The listing a claim names, if it may be claimed: published or closed (drafts and listings in review are their owners' alone). */
async function claimableService(deps: ClaimDeps, serviceId: string): Promise<StoredService> {
  const service = await deps.services.findById(serviceId);
  if (!service) throw AppError.notFound('There is no such listing.');
  if (!CLAIMABLE_STATUSES.has(service.status)) throw new AppError('not_claimable', 'Only published or closed listings can be claimed.', { status: 409 });
  return service;
}

/** Why a claim by this address is granted at once, in the claimant's words; null when it is not. */
function grantedBecause(identity: Identity, service: StoredService): { granted: true; why: string } | { granted: false; why: string } {
  const match = claimMatch(identity.email, service);
  if (!match.granted) return match;
  return match.by === 'contact-email'
    ? { granted: true, why: "Your address is the listing's contact e-mail." }
    : { granted: true, why: `Your address is on the domain of the listing's website (${websiteHost(service.contact.website) ?? ''}).` };
}

const DISPUTE_WHY = 'This listing already has an owner: your claim goes to our team, who will look at both sides.';

/** GET /services/:id/claim: what a claim by the signed-in user would do. */
export async function checkClaim(deps: ClaimDeps, identity: Identity, serviceId: string): Promise<ClaimCheck> {
  const service = await claimableService(deps, serviceId);
  const yours = service.ownerUserId === identity.userId;
  const owned = service.ownerUserId !== null && !yours;
  const match = grantedBecause(identity, service);
  return {
    serviceId: service.id,
    serviceName: service.name,
    serviceSlug: service.slug,
    claimable: true,
    yours,
    owned,
    grantedAtOnce: !yours && !owned && match.granted,
    why: yours ? 'You already own this listing.' : owned ? DISPUTE_WHY : match.why,
    waiting: await deps.claims.waitingOf(service.id, identity.userId),
  };
}

interface Decision {
  claimId: string;
  kind: ClaimKind;
  action: 'granted' | 'approved' | 'rejected';
  claimantUserId: string;
  claimantEmail: string;
  by: { userId: string; email: string } | null;
  reason: string | null;
  at: Date;
}

/**
 * Writes a decision on a claim to its listing: the owner (unless rejected), the entry in its
 * ownership trail, and the events (the listing changed; the claimant is told) in the same write.
 * `onlyIfUnowned`: a grant at once applies only while the listing has no owner.
 * Returns the listing after, or null when the write did not apply (it has an owner now).
 */
async function writeDecision(deps: ClaimDeps, serviceId: string, decision: Decision, onlyIfUnowned: boolean): Promise<{ before: StoredService; after: StoredService } | null> {
  const updated = announceUpdate(deps.events);
  let refused = false;
  const written = await deps.services.modify(serviceId, (current) => {
    if (onlyIfUnowned && current.ownerUserId !== null) {
      refused = true;
      return null;
    }
    const owner = decision.action === 'rejected' ? current.ownerUserId : decision.claimantUserId;
    const decided: Announce = (before) => [
      deps.events.event('catalog.claim.decided', {
        claimId: decision.claimId,
        serviceId: current.id,
        serviceName: current.name,
        slug: current.slug,
        outcome: decision.action,
        claimantUserId: decision.claimantUserId,
        previousOwnerUserId: decision.action === 'rejected' ? null : (before?.ownerUserId ?? null),
        reason: decision.reason,
      }),
    ];
    return {
      set: owner === current.ownerUserId ? {} : { ownerUserId: owner },
      ownership: {
        at: decision.at,
        action: decision.action,
        kind: decision.kind,
        claimId: decision.claimId,
        claimantEmail: decision.claimantEmail,
        fromOwnerUserId: current.ownerUserId,
        toOwnerUserId: owner,
        byUserId: decision.by?.userId ?? null,
        byEmail: decision.by?.email ?? null,
        reason: decision.reason,
      },
      announce: (before, after) => [...(owner === current.ownerUserId ? [] : updated(before, after)), ...decided(before, after)],
    };
  });
  if (!written) throw AppError.notFound('There is no such listing.');
  if (refused) return null;
  deps.catalog.apply(written.after);
  return written;
}

/**
 * POST /services/:id/claims. Granted at once when the signed-in address proves the listing theirs
 * (and it has no owner); otherwise it waits for an admin with the claimant's note (a claim of an
 * owned listing is a dispute). At most MAX_WAITING_CLAIMS wait per claimant, one per listing.
 */
export async function submitClaim(deps: ClaimDeps, identity: Identity, serviceId: string, note: string): Promise<Claim> {
  const service = await claimableService(deps, serviceId);
  if (service.ownerUserId === identity.userId) throw new AppError('already_owner', 'You already own this listing.', { status: 409 });
  const at = now(deps);
  const claimId = deps.claims.newId();
  const base = { serviceId: service.id, serviceName: service.name, serviceSlug: service.slug, claimantUserId: identity.userId, claimantEmail: identity.email, note, createdAt: at };
  const match = grantedBecause(identity, service);
  if (service.ownerUserId === null && match.granted) {
    const decision: Decision = { claimId, kind: 'claim', action: 'granted', claimantUserId: identity.userId, claimantEmail: identity.email, by: null, reason: match.why, at };
    const written = await writeDecision(deps, service.id, decision, true);
    if (written) {
      try {
        return await deps.claims.insert(claimId, { ...base, kind: 'claim', status: 'granted', reason: match.why });
      } finally {
        await deps.events.relay();
      }
    }
    // Someone took it a moment before: this claim is a dispute like any other.
  }
  if (!note) {
    const why = service.ownerUserId === null && !match.granted ? match.why : DISPUTE_WHY;
    throw AppError.badRequest(`${why} Tell us how you are connected to the business, and our team will decide.`, [{ path: 'note', message: 'a note is needed' }]);
  }
  const current = (await deps.services.findById(service.id)) ?? service;
  const kind: ClaimKind = current.ownerUserId === null ? 'claim' : 'dispute';
  const reserved = await deps.claims.reserveWaiting(claimId, service.id, identity.userId, at);
  if (reserved === 'open') throw new AppError('claim_waiting', 'You already have a claim of this listing waiting for review.', { status: 409 });
  if (reserved === 'full') throw new AppError('too_many_claims', TOO_MANY_CLAIMS_MESSAGE, { status: 409 });
  try {
    return await deps.claims.insert(claimId, { ...base, kind, status: 'waiting', reason: null });
  } catch (err) {
    await deps.claims.releaseWaiting(claimId, service.id, identity.userId);
    throw err;
  }
}

/** GET /claims/mine: the signed-in user's claims, newest first. */
export async function myClaims(deps: ClaimDeps, identity: Identity): Promise<ClaimList> {
  return { items: await deps.claims.mine(identity.userId) };
}

/** GET /admin/claims. */
export async function claimsForAdmin(deps: ClaimDeps, which: 'waiting' | 'decided'): Promise<ClaimList> {
  return { items: await deps.claims.list(which) };
}

const alreadyDecided = (claim: Claim) => new AppError('already_decided', `This claim was already ${claim.status === 'waiting' ? 'decided' : claim.status} by another admin.`, { status: 409 });

/**
 * POST /admin/claims/:id/decision. Exactly one decision of a claim stands: the first to take the
 * claim's decision key writes it; another admin at the same moment is told it is decided.
 * Approving a dispute reassigns the listing from its owner to the claimant.
 */
export async function decideClaim(deps: ClaimDeps, admin: Identity, claimId: string, decision: 'approve' | 'reject', reason: string): Promise<Claim> {
  const claim = await deps.claims.findById(claimId);
  if (!claim) throw AppError.notFound('There is no such claim.');
  if (claim.status !== 'waiting') throw alreadyDecided(claim);
  const at = now(deps);
  if (!(await deps.claims.takeDecision(claim.id, at))) throw alreadyDecided((await deps.claims.findById(claim.id)) ?? claim);
  // Until the listing is written the decision may be given back (the listing was deleted, the database failed); after, never.
  let written = false;
  try {
    const action = decision === 'approve' ? 'approved' : 'rejected';
    const service = await deps.services.findById(claim.serviceId);
    if (service) {
      await writeDecision(
        deps,
        claim.serviceId,
        {
          claimId: claim.id,
          kind: claim.kind,
          action,
          claimantUserId: claim.claimantUserId,
          claimantEmail: claim.claimantEmail,
          by: { userId: admin.userId, email: admin.email },
          reason: reason || null,
          at,
        },
        false,
      );
      written = true;
    } else if (decision === 'approve') {
      throw new AppError('listing_gone', 'The listing of this claim was deleted: it can only be rejected.', { status: 409 });
    }
    const decided = await deps.claims.markDecided(claim.id, { status: action, reason: reason || null, at, byUserId: admin.userId, byEmail: admin.email });
    await deps.claims.releaseWaiting(claim.id, claim.serviceId, claim.claimantUserId);
    return decided ?? claim;
  } catch (err) {
    if (!written) await deps.claims.releaseDecision(claim.id);
    throw err;
  } finally {
    await deps.events.relay();
  }
}
