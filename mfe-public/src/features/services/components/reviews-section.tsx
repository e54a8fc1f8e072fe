import { sessionQuery, serverMessage } from '@mealprep/api-client';
import type { OwnReview, PublicReview, PublicService, ReviewStanding } from '@mealprep/contracts';
import { MAX_REPLY_LENGTH, MAX_REVIEW_LENGTH, MAX_REVIEW_REPORT_LENGTH, MAX_REVIEWER_NAME_LENGTH, REVIEW_RATINGS, REVIEW_STATUS_MESSAGES } from '@mealprep/contracts/browser';
import { useQuery } from '@mealprep/query';
import { Link } from '@mealprep/router';
import { Button, formatPublicDate, Pager } from '@mealprep/ui';
import { useId, useState, type FormEvent } from 'react';
import { RouterPagerLink } from '../../../lib/router-link';
import { usePageParam } from '../../../lib/use-page-param';
import { useDeleteReview, useReplyToReview, useReportReview, useReviews, useReviewStanding, useSaveReview } from '../api/reviews';
import { RatingSummaryLine, Stars } from './rating-stars';

const field =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-emerald-600 focus:outline-2 focus:outline-emerald-600 dark:border-gray-600 dark:bg-gray-900 dark:text-white';
const link = 'font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950 dark:text-emerald-300 dark:hover:text-emerald-200';
const FAILED = 'That did not work. Try again in a moment.';

export const REVIEW_SENDING_TEXT = 'Sending your review…';
export const REVIEW_NOT_SAVED_TEXT = 'Your review is not saved yet; what you wrote is still here.';

/** What went wrong; `lead` first says what it means for the visitor. */
function Problem({ error, lead }: { error: unknown; lead?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
      {lead ? `${lead} ` : ''}
      {serverMessage(error) ?? FAILED}
    </p>
  );
}

/** The form a signed-in visitor writes or edits their review with. */
function ReviewForm({ serviceId, existing, onDone }: { serviceId: string; existing: OwnReview | null; onDone: () => void }) {
  const [rating, setRating] = useState<number | null>(existing?.rating ?? null);
  const [text, setText] = useState(existing?.text ?? '');
  const [name, setName] = useState(existing?.name ?? '');
  const save = useSaveReview(serviceId, existing?.id ?? null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return;
    save.mutate({ rating, text, name }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={existing ? 'Edit your review' : 'Write a review'}>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Your rating</legend>
        <div className="flex flex-wrap gap-3">
          {REVIEW_RATINGS.map((stars) => (
            <label key={stars} className="flex items-center gap-1 text-sm">
              <input type="radio" name={`${id}-rating`} value={stars} checked={rating === stars} onChange={() => setRating(stars)} required />
              {stars} {stars === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Your review
        <textarea className={field} rows={5} value={text} onChange={(e) => setText(e.target.value)} maxLength={MAX_REVIEW_LENGTH} required />
        <span className="text-xs font-normal text-gray-600 dark:text-gray-300">
          {text.trim().length} of {MAX_REVIEW_LENGTH} characters (at least 20). Links, capitals and strong words wait for our team.
        </span>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Your name as shown
        <input className={field} value={name} onChange={(e) => setName(e.target.value)} maxLength={MAX_REVIEWER_NAME_LENGTH} autoComplete="given-name" required />
      </label>
      <p role="status" className="text-sm text-gray-700 empty:hidden dark:text-gray-200">
        {save.isPending ? REVIEW_SENDING_TEXT : ''}
      </p>
      <Problem error={save.error} lead={REVIEW_NOT_SAVED_TEXT} />
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending || rating === null}>
          {existing ? 'Save your review' : 'Publish your review'}
        </Button>
        {existing ? (
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The visitor's own part: sign in, the form, or their review's state with edit and delete. */
function YourReview({ service, standing, signedIn }: { service: PublicService; standing: ReviewStanding | undefined; signedIn: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteReview(service.id);
  if (!signedIn) {
    return (
      <p className="text-sm">
        <Link to={`/login?next=${encodeURIComponent(`/service/${service.slug}`)}`} className={link}>
          Sign in to write a review
        </Link>
      </p>
    );
  }
  if (!standing) return null;
  if (standing.owner) return <p className="text-sm text-gray-700 dark:text-gray-200">You own this listing: you can reply once to each review.</p>;
  if (service.status !== 'published' && !standing.review) return null;
  const mine = standing.review;
  if (!mine || editing) return <ReviewForm serviceId={service.id} existing={mine} onDone={() => setEditing(false)} />;
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-gray-50 p-4 text-sm dark:bg-gray-800" aria-label="Your review">
      <p className="font-medium">{REVIEW_STATUS_MESSAGES[mine.status]}</p>
      {mine.reason ? <p>Reason: {mine.reason}</p> : null}
      {mine.status !== 'published' ? <p className="whitespace-pre-line text-gray-700 dark:text-gray-200">{mine.text}</p> : null}
      {mine.status !== 'removed' ? (
        <div className="flex flex-wrap gap-3">
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Edit your review
          </Button>
          {confirming ? (
            <>
              <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(mine.id)}>
                Yes, delete it
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
              Delete your review
            </Button>
          )}
        </div>
      ) : null}
      <Problem error={remove.error} />
    </div>
  );
}

function ReplyForm({ serviceId, reviewId }: { serviceId: string; reviewId: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const reply = useReplyToReview(serviceId);
  if (!open) {
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Reply
      </Button>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      aria-label="Your reply"
      onSubmit={(event) => {
        event.preventDefault();
        reply.mutate({ reviewId, text }, { onSuccess: () => setOpen(false) });
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        Your reply, shown to everyone (you can reply once)
        <textarea className={field} rows={3} value={text} onChange={(e) => setText(e.target.value)} maxLength={MAX_REPLY_LENGTH} required />
      </label>
      <Problem error={reply.error} />
      <div>
        <Button type="submit" size="sm" disabled={reply.isPending}>
          Publish reply
        </Button>
      </div>
    </form>
  );
}

/** Where the owner replies: a form, or what became of the reply they sent (it waits for our team, or was taken down). */
function OwnerReplySlot({ serviceId, reviewId, standing }: { serviceId: string; reviewId: string; standing: ReviewStanding }) {
  const sent = standing.replies?.find((reply) => reply.reviewId === reviewId);
  if (!sent) return <ReplyForm serviceId={serviceId} reviewId={reviewId} />;
  return <p className="text-sm text-gray-700 dark:text-gray-200">{sent.status === 'held' ? REPLY_HELD_TEXT : REPLY_REMOVED_TEXT}</p>;
}

export const REPLY_HELD_TEXT = 'Your reply waits for our team before it is shown.';
export const REPLY_REMOVED_TEXT = 'Our team took your reply down: we e-mailed you why.';

function ReportForm({ serviceId, reviewId }: { serviceId: string; reviewId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportReview(serviceId);
  if (!open) {
    return (
      <button type="button" className="text-xs text-gray-600 underline underline-offset-2 dark:text-gray-300" onClick={() => setOpen(true)}>
        Report this review
      </button>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      aria-label="Report this review"
      onSubmit={(event) => {
        event.preventDefault();
        report.mutate({ reviewId, reason });
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        What is wrong with it?
        <textarea className={field} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={MAX_REVIEW_REPORT_LENGTH} required />
      </label>
      <Problem error={report.error} />
      <div>
        <Button type="submit" size="sm" variant="secondary" disabled={report.isPending}>
          Send report
        </Button>
      </div>
    </form>
  );
}

function ReviewItem({ review, serviceId, standing }: { review: PublicReview; serviceId: string; standing: ReviewStanding | undefined }) {
  const mine = standing?.review?.id === review.id;
  const reported = standing?.reported.includes(review.id) ?? false;
  return (
    <li className="flex flex-col gap-2 border-b border-gray-200 py-4 last:border-b-0 dark:border-gray-700">
      <article aria-label={`Review by ${review.name}`} className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Stars value={review.rating} label={`Rated ${review.rating} out of 5`} />
          <span className="font-semibold">{review.name}</span>
          <span className="text-gray-600 dark:text-gray-300">{formatPublicDate(review.createdAt)}</span>
          {review.editedAt ? <span className="text-gray-600 dark:text-gray-300">(edited)</span> : null}
        </p>
        <p className="whitespace-pre-line text-gray-800 dark:text-gray-100">{review.text}</p>
        {review.reply ? (
          <div className="ml-4 rounded-lg border-l-4 border-emerald-600 bg-emerald-50 p-3 text-sm dark:bg-emerald-950">
            <p className="font-semibold">Reply from the owner</p>
            <p className="whitespace-pre-line">{review.reply.text}</p>
          </div>
        ) : null}
        {standing?.owner && !review.reply ? <OwnerReplySlot serviceId={serviceId} reviewId={review.id} standing={standing} /> : null}
        {standing && !mine ? (
          reported ? (
            <p className="text-xs text-gray-600 dark:text-gray-300">You reported this review. Our team will look at it.</p>
          ) : (
            <ReportForm serviceId={serviceId} reviewId={review.id} />
          )
        ) : null}
      </article>
    </li>
  );
}

/** "Reviews" on a service's page: its rating, a page of reviews (newest first), and the visitor's own review. */
export function ReviewsSection({ service }: { service: PublicService }) {
  const { page, hrefForPage } = usePageParam('reviews');
  const { data } = useReviews(service.slug, page);
  const signedIn = Boolean(useQuery(sessionQuery).data);
  const { data: standing } = useReviewStanding(service.id, data?.items.map((r) => r.id) ?? []);
  return (
    <section aria-labelledby="reviews" className="flex flex-col gap-4">
      <h2 id="reviews" className="text-xl font-semibold">
        Reviews
      </h2>
      <RatingSummaryLine rating={data?.summary ?? service.rating} />
      <YourReview service={service} standing={standing} signedIn={signedIn} />
      {data && data.items.length > 0 ? (
        <ol aria-label="Reviews, newest first">
          {data.items.map((review) => (
            <ReviewItem key={review.id} review={review} serviceId={service.id} standing={standing} />
          ))}
        </ol>
      ) : null}
      {data && data.pageCount > 1 ? <Pager page={page} pageCount={data.pageCount} hrefForPage={hrefForPage} linkComponent={RouterPagerLink} label="Pages of reviews" /> : null}
    </section>
  );
}
