import type { EditableService, ReviewTrailAction } from '@mealprep/contracts';
import { formatDayAndTime } from '@mealprep/ui';

const OWNERSHIP_TEXT = { granted: 'granted at once:', approved: 'approved:', rejected: 'rejected:' } as const;
/** What each step of a listing's review trail reads as: every action the contract names has its words. */
const REVIEW_STEP_TEXT: Record<ReviewTrailAction, string> = {
  held: 'held by the checks',
  reported: 'reported',
  approved: 'approved',
  rejected: 'rejected',
  removed: 'removed',
  'reply-held': "owner's reply held by the checks",
  'reply-approved': "owner's reply approved",
  'reply-removed': "owner's reply taken down",
};

/** The editor's read-only panel: ids, dates, status history, how the listing changed hands (claims) and, for admins, possible duplicates. */
export function ServiceInfoPanel({ service, isAdmin }: { service: EditableService; isAdmin: boolean }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-gray-50 p-5 text-sm dark:border-gray-800 dark:bg-gray-900">
      <h2 className="text-lg font-semibold">Service Information</h2>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">Service ID</dt>
        <dd className="break-all">{service.id}</dd>
        <dt className="font-medium">Owner ID</dt>
        <dd className="break-all">{service.ownerUserId ?? '—'}</dd>
        <dt className="font-medium">Created</dt>
        <dd>{formatDayAndTime(service.createdAt)}</dd>
        <dt className="font-medium">Last Updated</dt>
        <dd>{formatDayAndTime(service.updatedAt)}</dd>
        <dt className="font-medium">Published</dt>
        <dd>{formatDayAndTime(service.publishedAt)}</dd>
      </dl>
      {service.statusHistory.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Status history</h3>
          <ol className="mt-2 space-y-1" aria-label="Status history">
            {[...service.statusHistory].reverse().map((change, i) => (
              <li key={`${change.at}-${i}`}>
                {formatDayAndTime(change.at)}: {change.from ? `${change.from} → ${change.to}` : change.to}
                {change.byEmail ? ` by ${change.byEmail}` : change.byPreviousOwner ? ' by a previous owner' : change.byAdmin ? ' by an admin' : ''}
                {change.reason ? ` (${change.reason})` : ''}
              </li>
            ))}
          </ol>
        </>
      )}
      {service.ownershipHistory.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Ownership</h3>
          <ol className="mt-2 space-y-1" aria-label="Ownership">
            {[...service.ownershipHistory].reverse().map((change) => (
              <li key={`${change.claimId}-${change.action}`}>
                {formatDayAndTime(change.at)}: {OWNERSHIP_TEXT[change.action]} {change.kind === 'dispute' ? 'dispute' : 'claim'} by {change.claimantEmail}
                {change.byEmail ? ` (decided by ${change.byEmail})` : change.action === 'granted' ? '' : ' (decided by an admin)'}
                {change.reason ? `: ${change.reason}` : ''}
              </li>
            ))}
          </ol>
        </>
      )}
      {isAdmin && (service.reviewTrail ?? []).length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Reviews moderated</h3>
          <ol className="mt-2 space-y-1" aria-label="Reviews moderated">
            {[...service.reviewTrail].reverse().map((step, i) => (
              <li key={`${step.reviewId}-${step.at}-${i}`}>
                {formatDayAndTime(step.at)}: review {step.reviewId.slice(0, 8)} {REVIEW_STEP_TEXT[step.action]}
                {step.byEmail ? ` by ${step.byEmail}` : ''}
                {step.reason ? ` (${step.reason})` : ''}
              </li>
            ))}
          </ol>
        </>
      )}
      {isAdmin && service.possibleDuplicateOf.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Possible duplicate of</h3>
          <ul className="mt-2 space-y-1">
            {service.possibleDuplicateOf.map((d) => (
              <li key={d.id}>
                <a href={`/dashboard/services/${d.id}/edit`} className="underline">
                  {d.name}
                </a>{' '}
                ({d.reason})
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
