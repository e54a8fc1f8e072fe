import type { AdminReview } from '@mealprep/contracts';
import { HOLD_REASON_LABELS, MAX_REVIEW_DECISION_REASON_LENGTH, REVIEW_QUEUES } from '@mealprep/contracts/browser';
import { Button, EmptyNote, ErrorState, formatDayAndTime, Loading, ToggleGroup, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { Link } from '@mealprep/router';
import { useState } from 'react';
import { controlClass } from '../../../lib/admin-actions';
import { adminReviewsQuery, useDecideReply, useDecideReview, type ReviewQueue } from '../api/admin-reviews';

const QUEUE_LABELS: Record<ReviewQueue, string> = { held: 'Held', reported: 'Reported', replies: "Owners' replies", published: 'Published', rejected: 'Rejected', removed: 'Removed' };
const EMPTY: Record<ReviewQueue, string> = {
  held: 'No reviews are waiting.',
  reported: 'No reviews are reported.',
  replies: "No owners' replies are waiting.",
  published: 'No reviews are published.',
  rejected: 'No reviews were rejected.',
  removed: 'No reviews were removed.',
};

/** /dashboard/reviews: reviews the checks held and those people reported, to approve, reject (with a reason) or remove; and the decided ones. */
export function AdminReviewsPage() {
  usePageMeta({ title: 'Reviews', noindex: true });
  const [queue, setQueue] = useState<ReviewQueue>('held');
  const [page, setPage] = useState(1);
  const list = useQuery(adminReviewsQuery(queue, page));
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Reviews</h1>
      <p className="max-w-3xl text-sm text-gray-700 dark:text-gray-300">
        A review waits here when the checks hold it (strong language, a link, capitals, repeated text, an account less than a day old, or many reviews of one listing in an hour), and comes back when
        someone reports it. Approving shows it; rejecting hides it and lets the reviewer edit it; removing hides it for good. The reviewer is e-mailed the decision and your reason. An owner&apos;s
        reply waits under Owners&apos; replies when the checks hold it; any reply can be taken down on its own (the owner is e-mailed your reason).
      </p>
      <ToggleGroup
        label="Which reviews"
        options={REVIEW_QUEUES}
        optionLabel={(value) => QUEUE_LABELS[value]}
        value={queue}
        onChange={(value) => {
          setQueue(value);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyNote>{EMPTY[queue]}</EmptyNote>
      ) : (
        <>
          <ul className="space-y-4">
            {list.data.items.map((review) => (
              <ReviewToDecide key={review.id} review={review} />
            ))}
          </ul>
          {list.data.pageCount > 1 ? (
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous page
              </Button>
              <Button size="sm" variant="secondary" disabled={page >= list.data.pageCount} onClick={() => setPage(page + 1)}>
                Next page
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function ReviewToDecide({ review }: { review: AdminReview }) {
  const [reason, setReason] = useState('');
  const decide = useDecideReview();
  const busy = decide.isPending;
  const reasonId = `review-reason-${review.id}`;
  const send = (decision: 'approve' | 'reject' | 'remove') => decide.mutate({ id: review.id, decision, reason: reason.trim(), failure: 'Failed to decide the review' });
  return (
    <li className="rounded-lg border border-gray-200 p-4 dark:border-gray-700" aria-label={`Review of ${review.serviceName} by ${review.email}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">
          {review.serviceSlug ? (
            <Link to={`/service/${review.serviceSlug}`} className="underline">
              {review.serviceName}
            </Link>
          ) : (
            review.serviceName
          )}
        </h2>
        <span className="text-xs text-gray-600 dark:text-gray-400">{formatDayAndTime(review.createdAt)}</span>
      </div>
      <p className="mt-1 text-sm">
        {review.rating} of 5 stars · by <span className="font-medium">{review.name}</span> ({review.email}) · <span className="capitalize">{review.status}</span>
      </p>
      {review.holdReasons.length ? <p className="mt-1 text-sm text-amber-800 dark:text-amber-300">Held for: {review.holdReasons.map((r) => HOLD_REASON_LABELS[r]).join(', ')}</p> : null}
      <blockquote className="mt-2 whitespace-pre-line border-l-4 border-gray-200 pl-3 text-sm text-gray-800 dark:border-gray-700 dark:text-gray-200">{review.text}</blockquote>
      {review.reports.length ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Reports">
          {review.reports.map((report) => (
            <li key={`${report.byEmail}-${report.at}`}>
              Reported by {report.byEmail}
              {report.byOwner ? ' (the owner)' : ''}: {report.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {review.reason ? <p className="mt-1 text-sm">Reason given: {review.reason}</p> : null}
      {review.ownerReply ? <OwnerReply review={review} /> : null}
      {review.status !== 'removed' ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <label htmlFor={reasonId} className="text-sm">
            Reason (sent to the reviewer; needed to reject or remove)
            <input id={reasonId} value={reason} maxLength={MAX_REVIEW_DECISION_REASON_LENGTH} onChange={(e) => setReason(e.target.value)} className={`mt-1 block w-80 max-w-full ${controlClass}`} />
          </label>
          <Button size="sm" disabled={busy || (review.status === 'published' && review.reports.length === 0)} onClick={() => send('approve')}>
            {review.status === 'published' ? 'Keep it' : 'Approve'}
          </Button>
          <Button size="sm" variant="secondary" disabled={busy || reason.trim() === '' || review.status === 'rejected'} onClick={() => send('reject')}>
            Reject
          </Button>
          <Button size="sm" variant="danger" disabled={busy || reason.trim() === ''} onClick={() => send('remove')}>
            Remove
          </Button>
        </div>
      ) : null}
    </li>
  );
}

const REPLY_STATE: Record<NonNullable<AdminReview['ownerReply']>['status'], string> = { published: 'shown', held: 'waiting for our team', removed: 'taken down' };

/** The owner's reply to a review, in whatever state, with its own decisions: show one the checks held, or take one down (the owner reads the reason). */
function OwnerReply({ review }: { review: AdminReview }) {
  const reply = review.ownerReply!;
  const [reason, setReason] = useState('');
  const decide = useDecideReply();
  const reasonId = `reply-reason-${review.id}`;
  const send = (decision: 'approve' | 'remove') => decide.mutate({ id: review.id, decision, reason: reason.trim(), failure: 'Failed to decide the reply' });
  return (
    <section className="mt-3 rounded-md bg-gray-50 p-3 text-sm dark:bg-gray-800" aria-label={`The owner's reply to ${review.name}`}>
      <p className="font-medium">
        The owner&apos;s reply ({REPLY_STATE[reply.status]}, {formatDayAndTime(reply.at)})
      </p>
      {reply.holdReasons.length ? <p className="mt-1 text-amber-800 dark:text-amber-300">Held for: {reply.holdReasons.map((r) => HOLD_REASON_LABELS[r]).join(', ')}</p> : null}
      <blockquote className="mt-1 whitespace-pre-line">{reply.text}</blockquote>
      {reply.reason ? <p className="mt-1">Reason given: {reply.reason}</p> : null}
      {reply.status !== 'removed' ? (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <label htmlFor={reasonId}>
            Reason (sent to the owner; needed to take it down)
            <input id={reasonId} value={reason} maxLength={MAX_REVIEW_DECISION_REASON_LENGTH} onChange={(e) => setReason(e.target.value)} className={`mt-1 block w-80 max-w-full ${controlClass}`} />
          </label>
          {reply.status === 'held' ? (
            <Button size="sm" disabled={decide.isPending} onClick={() => send('approve')}>
              Show the reply
            </Button>
          ) : null}
          <Button size="sm" variant="danger" disabled={decide.isPending || reason.trim() === ''} onClick={() => send('remove')}>
            Take the reply down
          </Button>
        </div>
      ) : null}
    </section>
  );
}
