import { TOO_MANY_CLAIMS_MESSAGE, type Claim, type ClaimCheck, type ClaimKind, type ClaimList, type Identity } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { ClaimRepository, StoredClaim } from '../../data-access/claim-repository';
import type { LeadRepository } from '../../data-access/lead-repository';
import type { StoredService } from '../../data-access/service-mapping';
import type { Announce } from '../../data-access/service-repository';
import { websiteHost } from '../catalogue/admin-index';
import { claimMatch } from './claim-match';
import type { OwnerDeps } from '../listings/owner-services';
import { announceUpdate } from '../listings/service-events';

/** `leads`: the requests waiting for a listing's claim, handed to its new owner. */
export type ClaimDeps = OwnerDeps & { claims: ClaimRepository; leads: Pick<LeadRepository, 'adoptWaiting'> };

export const now = (deps: ClaimDeps) => deps.now?.() ?? new Date();
export const CLAIMABLE_STATUSES = new Set(['published', 'closed']);
const isAdmin = (identity: Identity) => identity.roles.includes('admin');
const NO_SUCH_LISTING = 'There is no such listing.';
const notClaimable = () => new AppError('not_claimable', 'Only published or closed listings can be claimed.', { status: 409 });
const alreadyOwner = () => new AppError('already_owner', 'You already own this listing.', { status: 409 });

/**
 * The listing a claim names, if it may be claimed: published or closed (drafts and listings in
 * review are their owners' alone). A listing the caller cannot see (another owner's draft, one in
 * review or rejected) answers exactly as an id nobody has, so ids cannot be probed; its owner and
 * the admins, who see it, are told it cannot be claimed.
 */
async function claimableService(deps: ClaimDeps, identity: Identity, serviceId: string): Promise<StoredService> {
  const service = await deps.services.findById(serviceId);
  if (!service) throw AppError.notFound(NO_SUCH_LISTING);
  if (!CLAIMABLE_STATUSES.has(service.status)) {
    if (!isAdmin(identity) && service.ownerUserId !== identity.userId) throw AppError.notFound(NO_SUCH_LISTING);
    throw notClaimable();
  }
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

/** A claim as the contract has it (what only the service keeps is left out). */
export function asClaim(claim: StoredClaim): Claim {
  const { ownerUserIdWhenSent: _sent, ...shown } = claim;
  return shown;
}

/** A claim as its claimant sees it: never who on the staff decided it. */
const forClaimant = (claim: StoredClaim): Claim => ({ ...asClaim(claim), decidedByEmail: null });

/** GET /services/:id/claim: what a claim by the signed-in user would do. */
export async function checkClaim(deps: ClaimDeps, identity: Identity, serviceId: string): Promise<ClaimCheck> {
  const service = await claimableService(deps, identity, serviceId);
  const yours = service.ownerUserId === identity.userId;
  const owned = service.ownerUserId !== null && !yours;
  const match = grantedBecause(identity, service);
  const waiting = await deps.claims.waitingOf(service.id, identity.userId);
  return {
    serviceId: service.id,
    serviceName: service.name,
    serviceSlug: service.slug,
    claimable: true,
    yours,
    owned,
    grantedAtOnce: !yours && !owned && match.granted,
    why: yours ? 'You already own this listing.' : owned ? DISPUTE_WHY : match.why,
    waiting: waiting ? forClaimant(waiting) : null,
  };
}

interface Decision {
  claimId: string;
  action: 'granted' | 'approved' | 'rejected';
  claimantUserId: string;
  claimantEmail: string;
  by: { userId: string; email: string } | null;
  at: Date;
}

/**
 * Decides a claim on the listing as it is when the decision is written: its reason, or null to
 * write nothing (a grant at once that no longer holds); it throws to refuse with a message.
 */
type DecideOn = (current: StoredService) => { reason: string | null } | null;

/**
 * Writes a decision on a claim to its listing: the owner (unless rejected), the entry in its
 * ownership trail, and the events (the listing changed; the claimant is told) in the same write.
 * `decide` is asked on the listing as it is at the write, which applies only to the version it was
 * asked on (the repository's compare-and-set; a write between makes it read and ask again), so the
 * decision stands on the owner, status and contact the listing has when it is written, and the
 * claim's kind is what it is then: a dispute when the listing has an owner.
 * Returns the listing after, with the kind, or null when `decide` wrote nothing.
 */
export async function writeDecision(
  deps: ClaimDeps,
  serviceId: string,
  decision: Decision,
  decide: DecideOn,
): Promise<{ before: StoredService; after: StoredService; kind: ClaimKind; reason: string | null } | null> {
  const updated = announceUpdate(deps.events);
  let decided: { kind: ClaimKind; reason: string | null } | null = null;
  const written = await deps.services.modify(serviceId, (current) => {
    decided = null;
    const on = decide(current);
    if (!on) return null;
    const kind: ClaimKind = current.ownerUserId === null ? 'claim' : 'dispute';
    decided = { kind, reason: on.reason };
    const owner = decision.action === 'rejected' ? current.ownerUserId : decision.claimantUserId;
    const told: Announce = (before) => [
      deps.events.event('catalog.claim.decided', {
        claimId: decision.claimId,
        serviceId: current.id,
        serviceName: current.name,
        slug: current.slug,
        outcome: decision.action,
        claimantUserId: decision.claimantUserId,
        previousOwnerUserId: decision.action === 'rejected' ? null : (before?.ownerUserId ?? null),
        reason: on.reason,
      }),
    ];
    return {
      set: owner === current.ownerUserId ? {} : { ownerUserId: owner },
      ownership: {
        at: decision.at,
        action: decision.action,
        kind,
        claimId: decision.claimId,
        claimantEmail: decision.claimantEmail,
        fromOwnerUserId: current.ownerUserId,
        toOwnerUserId: owner,
        byUserId: decision.by?.userId ?? null,
        byEmail: decision.by?.email ?? null,
        reason: on.reason,
      },
      announce: (before, after) => [...(owner === current.ownerUserId ? [] : updated(before, after)), ...told(before, after)],
    };
  });
  if (!written) throw AppError.notFound(NO_SUCH_LISTING);
  const applied = decided as { kind: ClaimKind; reason: string | null } | null;
  if (!applied) return null;
  deps.catalog.apply(written.after);
  // A listing nobody owned gets its first owner: the quote requests that waited for a claim are theirs now (kept 180 days from arrival).
  if (written.before.ownerUserId === null && written.after.ownerUserId !== null) await deps.leads.adoptWaiting(serviceId, written.after.ownerUserId);
  return { ...written, ...applied };
}

/**
 * POST /services/:id/claims. Granted at once when the signed-in address proves the listing theirs
 * (and it has no owner) on the listing as it is when the grant is written; otherwise it waits for
 * an admin with the claimant's note (a claim of an owned listing is a dispute). At most
 * MAX_WAITING_CLAIMS wait per claimant, one per listing.
 */
export async function submitClaim(deps: ClaimDeps, identity: Identity, serviceId: string, note: string): Promise<Claim> {
  const service = await claimableService(deps, identity, serviceId);
  if (service.ownerUserId === identity.userId) throw alreadyOwner();
  const at = now(deps);
  const claimId = deps.claims.newId();
  const base = { serviceId: service.id, serviceName: service.name, serviceSlug: service.slug, claimantUserId: identity.userId, claimantEmail: identity.email, note, createdAt: at };
  const match = grantedBecause(identity, service);
  if (service.ownerUserId === null && match.granted) {
    const decision: Decision = { claimId, action: 'granted', claimantUserId: identity.userId, claimantEmail: identity.email, by: null, at };
    // Only while it still has no owner, is still public and its contact still names the claimant's address.
    const written = await writeDecision(deps, service.id, decision, (current) => {
      const still = grantedBecause(identity, current);
      return current.ownerUserId === null && CLAIMABLE_STATUSES.has(current.status) && still.granted ? { reason: still.why } : null;
    });
    if (written) {
      try {
        return forClaimant(await deps.claims.insert(claimId, { ...base, kind: 'claim', status: 'granted', reason: written.reason, ownerUserIdWhenSent: null }));
      } finally {
        await deps.events.relay();
      }
    }
    // Someone took it a moment before, or it changed: this claim waits like any other.
  }
  if (!note) {
    const why = service.ownerUserId === null && !match.granted ? match.why : DISPUTE_WHY;
    throw AppError.badRequest(`${why} Tell us how you are connected to the business, and our team will decide.`, [{ path: 'note', message: 'a note is needed' }]);
  }
  const current = await claimableService(deps, identity, service.id);
  if (current.ownerUserId === identity.userId) throw alreadyOwner();
  const kind: ClaimKind = current.ownerUserId === null ? 'claim' : 'dispute';
  const reserved = await deps.claims.reserveWaiting(claimId, service.id, identity.userId, at);
  if (reserved === 'open') throw new AppError('claim_waiting', 'You already have a claim of this listing waiting for review.', { status: 409 });
  if (reserved === 'full') throw new AppError('too_many_claims', TOO_MANY_CLAIMS_MESSAGE, { status: 409 });
  try {
    return forClaimant(await deps.claims.insert(claimId, { ...base, kind, status: 'waiting', reason: null, ownerUserIdWhenSent: current.ownerUserId }));
  } catch (err) {
    await deps.claims.releaseWaiting(claimId, service.id, identity.userId);
    throw err;
  }
}

/** GET /claims/mine: the signed-in user's claims, newest first (without who on the staff decided them). */
export async function myClaims(deps: ClaimDeps, identity: Identity): Promise<ClaimList> {
  return { items: (await deps.claims.mine(identity.userId)).map(forClaimant) };
}
