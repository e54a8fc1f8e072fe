import type { Offer } from '@mealprep/contracts';
import { ALLERGEN_FRIENDLY_LABELS, formatCutoff, formatPriceRange, PLAN_KIND_LABELS, WEEKDAY_NAMES } from '@mealprep/contracts/browser';
import type { ReactNode } from 'react';
import { displayUrl, withReferralParams } from '../../../lib/outbound';

const link = 'font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950 dark:text-emerald-300 dark:hover:text-emerald-200';

/** The facts of a listing's offer that it gives, each a row; nothing when it gives none. */
export function offerRows(offer: Offer): Array<[string, ReactNode]> {
  const rows: Array<[string, ReactNode]> = [];
  if (offer.pricePerMeal) rows.push(['Price per meal', formatPriceRange(offer.pricePerMeal)]);
  if (offer.plans) rows.push(['Plans', PLAN_KIND_LABELS[offer.plans]]);
  if (offer.pauseAnyTime !== null) rows.push(['Pause, skip or cancel', offer.pauseAnyTime ? 'Any time' : 'Not any time']);
  if (offer.deliveryDays.length) rows.push(['Delivery days', offer.deliveryDays.map((day) => WEEKDAY_NAMES[day]).join(', ')]);
  if (offer.orderCutoff) rows.push(['Order by', formatCutoff(offer.orderCutoff)]);
  if (offer.minimumOrderMeals !== null) rows.push(['Minimum order', `${offer.minimumOrderMeals} ${offer.minimumOrderMeals === 1 ? 'meal' : 'meals'}`]);
  if (offer.allergenFriendly.length) rows.push(['Allergen-friendly', offer.allergenFriendly.map((a) => ALLERGEN_FRIENDLY_LABELS[a]).join(', ')]);
  if (offer.menuUrl)
    rows.push([
      'Menu',
      <a href={withReferralParams(offer.menuUrl) ?? offer.menuUrl} target="_blank" rel="noopener" className={link}>
        {displayUrl(offer.menuUrl)}
      </a>,
    ]);
  return rows;
}

/** "The Offer" on a service's page: what a meal costs, the plans, the days, what it is free of. */
export function OfferFacts({ offer }: { offer: Offer | undefined }) {
  // Absent from a listing answered by an svc-catalog older than this release (during a rollout).
  if (!offer) return null;
  const rows = offerRows(offer);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="offer-heading">
      <h2 id="offer-heading" className="mb-3 text-xl font-semibold">
        The Offer
      </h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-xl border border-gray-200 p-5 sm:grid-cols-[max-content_1fr] dark:border-gray-700">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-gray-600 dark:text-gray-300">{term}</dt>
            <dd className="text-gray-800 dark:text-gray-200">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
