import type { AdminClaimList, Claim, ClaimedListing, EditableService, Identity } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { StoredClaim } from '../../data-access/claim-repository';
import { asClaim, CLAIMABLE_STATUSES, now, writeDecision, type ClaimDeps } from './claims';

/*
 * The staff's side of claims: the queues of claims with each listing as it now is, and the
 * decision, which stands only while the listing's owner is the one staff saw.
 */

/** The owner's address as the listing's trails know it: the claim that made them owner, else the listing they made. */
function ownerEmailOf(listing: EditableService): string | null {
  const owner = listing.ownerUserId;
  if (!owner) return null;
  const claimed = [...listing.ownershipHistory].reverse().find((h) => h.toOwnerUserId === owner && h.action !== 'rejected');
  if (claimed) return claimed.claimantEmail || null;
  return listing.statusHistory.find((h) => h.from === null && h.byUserId === owner)?.byEmail ?? null;
}

/** A claimed listing as it is now (null: deleted), for the admin who decides. */
function listingNow(claim: StoredClaim, listing: EditableService | null): ClaimedListing {
  if (!listing) return { status: null, owner: null, kind: claim.kind };
  return {
    status: listing.status,
    owner: listing.ownerUserId ? { userId: listing.ownerUserId, email: ownerEmailOf(listing) } : null,
    kind: listing.ownerUserId === null ? 'claim' : 'dispute',
  };
}

/** GET /admin/claims: each claim with its listing as it is now (its owner, and so whether deciding it is a dispute). */
export async function claimsForAdmin(deps: ClaimDeps, which: 'waiting' | 'decided'): Promise<AdminClaimList> {
  const claims = await deps.claims.list(which);
  // The listings of up to 500 claims in one read by many keys (not one read each).
  const listings = await deps.services.findEditableByIds(claims.map((c) => c.serviceId));
  return { items: claims.map((claim) => ({ ...asClaim(claim), listing: listingNow(claim, listings.get(claim.serviceId) ?? null) })) };
}

const alreadyDecided = (claim: Claim) => new AppError('already_decided', `This claim was already ${claim.status === 'waiting' ? 'decided' : claim.status} by another admin.`, { status: 409 });

/** Whether the listing's owner now is the one the decision was made on: the admin's, else the one when the claim was sent. */
function ownerAsSeen(claim: StoredClaim, expectedOwnerUserId: string | null | undefined): (owner: string | null) => boolean {
  if (expectedOwnerUserId !== undefined) return (owner) => owner === expectedOwnerUserId;
  if (claim.ownerUserIdWhenSent !== undefined) return (owner) => owner === claim.ownerUserIdWhenSent;
  // Claims stored before the owner was kept with them: what their kind says.
  return (owner) => (owner === null) === (claim.kind === 'claim');
}

function ownerChanged(claim: StoredClaim, owner: string | null): AppError {
  const nowIs =
    owner === null ? 'it has no owner now' : owner === claim.claimantUserId ? 'the claimant owns it now' : 'it has another owner now, so deciding this claim is deciding a dispute with them';
  return new AppError('owner_changed', `The listing's owner changed since this claim was shown: ${nowIs}. Look at the claim again before deciding.`, { status: 409 });
}

/**
 * POST /admin/claims/:id/decision. Exactly one decision of a claim stands: the first to take the
 * claim's decision key writes it; another admin at the same moment is told it is decided. The
 * decision is made on the listing as it is when written: refused when its owner is not the one the
 * admin saw (`expectedOwnerUserId`; left out, the one it had when the claim was sent), and an
 * approval only of a public listing the claimant does not own. Approving a dispute reassigns the
 * listing from its owner to the claimant.
 */
export async function decideClaim(deps: ClaimDeps, admin: Identity, claimId: string, decision: 'approve' | 'reject', reason: string, expectedOwnerUserId?: string | null): Promise<Claim> {
  const claim = await deps.claims.findById(claimId);
  if (!claim) throw AppError.notFound('There is no such claim.');
  if (claim.status !== 'waiting') throw alreadyDecided(claim);
  const at = now(deps);
  if (!(await deps.claims.takeDecision(claim.id, at))) throw alreadyDecided((await deps.claims.findById(claim.id)) ?? claim);
  // Until the listing is written the decision may be given back (the listing was deleted, it changed, the database failed); after, never.
  let written = false;
  try {
    const action = decision === 'approve' ? 'approved' : 'rejected';
    const asSeen = ownerAsSeen(claim, expectedOwnerUserId);
    const service = await deps.services.findById(claim.serviceId);
    let kind = claim.kind;
    if (service) {
      const applied = await writeDecision(
        deps,
        claim.serviceId,
        { claimId: claim.id, action, claimantUserId: claim.claimantUserId, claimantEmail: claim.claimantEmail, by: { userId: admin.userId, email: admin.email }, at },
        (current) => {
          if (!asSeen(current.ownerUserId)) throw ownerChanged(claim, current.ownerUserId);
          if (decision === 'approve' && current.ownerUserId === claim.claimantUserId) {
            throw new AppError('already_owner', 'The claimant owns this listing already: reject the claim to close it.', { status: 409 });
          }
          if (decision === 'approve' && !CLAIMABLE_STATUSES.has(current.status)) {
            throw new AppError(
              'not_claimable',
              `The listing is ${current.status} now: only a published or closed listing changes hands. Reject the claim, or decide it once the listing is public again.`,
              {
                status: 409,
              },
            );
          }
          return { reason: reason || null };
        },
      );
      if (!applied) throw new Error('a decision on a claim wrote nothing');
      kind = applied.kind;
      written = true;
    } else if (decision === 'approve') {
      throw new AppError('listing_gone', 'The listing of this claim was deleted: it can only be rejected.', { status: 409 });
    }
    const decided = await deps.claims.markDecided(claim.id, { status: action, kind, reason: reason || null, at, byUserId: admin.userId, byEmail: admin.email });
    await deps.claims.releaseWaiting(claim.id, claim.serviceId, claim.claimantUserId);
    return asClaim(decided ?? claim);
  } catch (err) {
    if (!written) await deps.claims.releaseDecision(claim.id);
    throw err;
  } finally {
    await deps.events.relay();
  }
}
