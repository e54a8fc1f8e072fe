import type { AdminClaim } from '@mealprep/contracts';
import { MAX_CLAIM_REASON_LENGTH } from '@mealprep/contracts/browser';
import { AdminTable, Button, EmptyNote, ErrorState, formatDay, formatDayAndTime, Loading, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { Link } from '@mealprep/router';
import { useState } from 'react';
import { controlClass } from '../../../lib/admin-actions';
import { adminClaimsQuery, useDecideClaim } from '../api/admin-claims';

const KIND_TEXT = { claim: 'Claim', dispute: 'Dispute: the listing has an owner' } as const;
const CLAIMABLE = new Set(['published', 'closed']);

/** The listing as it is now, in a sentence (its owner, whether it can change hands), and whether the claim can be approved. */
function listingNow(claim: AdminClaim): { text: string; approvable: boolean } {
  const { listing } = claim;
  if (listing.status === null) return { text: 'The listing was deleted: the claim can only be rejected.', approvable: false };
  if (listing.owner?.userId === claim.claimantUserId) return { text: 'The claimant owns this listing now.', approvable: false };
  const owner = listing.owner ? `Owner now: ${listing.owner.email ?? `user ${listing.owner.userId}`}.` : 'The listing has no owner.';
  const changed = claim.kind !== listing.kind ? (listing.kind === 'dispute' ? ' It had none when the claim was sent.' : ' It had one when the claim was sent.') : '';
  if (!CLAIMABLE.has(listing.status)) return { text: `${owner}${changed} The listing is ${listing.status} now: only a published or closed listing changes hands.`, approvable: false };
  return { text: `${owner}${changed}`, approvable: true };
}

/** /dashboard/claims: claims of listings that wait for an admin (approve, or reject with a reason), then the latest decided. */
export function AdminClaimsPage() {
  usePageMeta({ title: 'Claims', noindex: true });
  const waiting = useQuery(adminClaimsQuery('waiting'));
  const decided = useQuery(adminClaimsQuery('decided'));
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Claims</h1>
      <p className="max-w-3xl text-sm text-gray-700 dark:text-gray-300">
        A claim waits here when the claimant's address does not prove the business is theirs, or when the listing already has an owner (a dispute). Approving gives them the listing; the claimant is
        e-mailed either way. Each claim shows the listing's owner now: a decision is made on that owner, and refused if the listing changes hands meanwhile.
      </p>
      {waiting.isPending ? (
        <Loading />
      ) : waiting.isError ? (
        <ErrorState onRetry={() => void waiting.refetch()} />
      ) : waiting.data.length === 0 ? (
        <EmptyNote>No claims are waiting.</EmptyNote>
      ) : (
        <ul className="space-y-4">
          {waiting.data.map((claim) => (
            <WaitingClaim key={claim.id} claim={claim} />
          ))}
        </ul>
      )}
      <h2 className="text-xl font-semibold">Decided lately</h2>
      {decided.data && decided.data.length > 0 ? (
        <AdminTable columns={['Listing', 'Claimant', 'Decision', 'Reason', 'Decided']}>
          {decided.data.map((claim) => (
            <tr key={claim.id} className="border-b border-gray-100 dark:border-gray-800">
              <td className="py-2 pr-4">{claim.serviceName}</td>
              <td className="py-2 pr-4">{claim.claimantEmail}</td>
              <td className="py-2 pr-4 capitalize">{claim.status}</td>
              <td className="py-2 pr-4">{claim.reason ?? ''}</td>
              <td className="py-2">
                {formatDay(claim.decidedAt)}
                {claim.decidedByEmail ? ` by ${claim.decidedByEmail}` : ''}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : decided.isPending ? null : (
        <p className="text-sm text-gray-700 dark:text-gray-300">None yet.</p>
      )}
    </section>
  );
}

function WaitingClaim({ claim }: { claim: AdminClaim }) {
  const [reason, setReason] = useState('');
  const decide = useDecideClaim();
  const busy = decide.isPending;
  const reasonId = `claim-reason-${claim.id}`;
  const now = listingNow(claim);
  const send = (decision: 'approve' | 'reject') =>
    decide.mutate({ id: claim.id, decision, reason: reason.trim(), expectedOwnerUserId: claim.listing.owner?.userId ?? null, failure: 'Failed to decide the claim' });
  return (
    <li className="rounded-lg border border-gray-200 p-4 dark:border-gray-700" aria-label={`Claim of ${claim.serviceName} by ${claim.claimantEmail}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          <Link to={`/service/${claim.serviceSlug}`} className="underline">
            {claim.serviceName}
          </Link>
        </h3>
        <span className="text-xs text-gray-600 dark:text-gray-400">{formatDayAndTime(claim.createdAt)}</span>
      </div>
      <p className="mt-1 text-sm">
        {KIND_TEXT[claim.listing.kind]} · by <span className="font-medium">{claim.claimantEmail}</span>
      </p>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{now.text}</p>
      <blockquote className="mt-2 whitespace-pre-line border-l-4 border-gray-200 pl-3 text-sm text-gray-800 dark:border-gray-700 dark:text-gray-200">{claim.note}</blockquote>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <label htmlFor={reasonId} className="text-sm">
          Reason (sent to the claimant; needed to reject)
          <input id={reasonId} value={reason} maxLength={MAX_CLAIM_REASON_LENGTH} onChange={(e) => setReason(e.target.value)} className={`mt-1 block w-80 max-w-full ${controlClass}`} />
        </label>
        <Button size="sm" disabled={busy || !now.approvable} onClick={() => send('approve')}>
          Approve
        </Button>
        <Button size="sm" variant="danger" disabled={busy || reason.trim() === ''} onClick={() => send('reject')}>
          Reject
        </Button>
      </div>
    </li>
  );
}
