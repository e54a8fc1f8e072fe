import type { RatingSummary } from '@mealprep/contracts';
import { formatRating, reviewCountLabel } from '@mealprep/contracts/browser';

/** Five stars, as many filled as `value` rounds to; read out as `label` ("Rated 4.5 out of 5"). */
export function Stars({ value, label }: { value: number; label: string }) {
  const filled = Math.round(value);
  return (
    <span role="img" aria-label={label} className="inline-flex tracking-tight text-amber-700 dark:text-amber-400">
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} aria-hidden="true">
          {star <= filled ? '★' : '☆'}
        </span>
      ))}
    </span>
  );
}

/** "★★★★☆ 4.5 (12 reviews)" on a card or a page head; "No reviews yet" when it has none (or nothing, `quietWhenNone`). */
export function RatingSummaryLine({ rating, quietWhenNone = false }: { rating: RatingSummary | undefined; quietWhenNone?: boolean }) {
  // Absent from an answer of an svc-catalog older than this release (during a rollout): none said.
  if (!rating || rating.count === 0 || rating.average === null) {
    return quietWhenNone ? null : <p className="text-sm text-gray-600 dark:text-gray-300">No reviews yet</p>;
  }
  const average = formatRating(rating.average);
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <Stars value={rating.average} label={`Rated ${average} out of 5`} />
      <span aria-hidden="true" className="font-semibold text-gray-900 dark:text-gray-50">
        {average}
      </span>
      <span className="text-gray-600 dark:text-gray-300">({reviewCountLabel(rating.count)})</span>
    </p>
  );
}
