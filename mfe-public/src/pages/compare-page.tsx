import type { Compared } from '@mealprep/contracts';
import {
  ALLERGEN_FRIENDLY_LABELS,
  COMPARE_TOO_MANY,
  COMPARE_UNAVAILABLE,
  comparedSlugs,
  comparePath,
  formatCutoff,
  formatPriceRange,
  formatRating,
  PLAN_KIND_LABELS,
  reviewCountLabel,
  WEEKDAY_NAMES,
} from '@mealprep/contracts/browser';
import { Link, useSearchParams } from '@mealprep/router';
import { ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import type { ReactNode } from 'react';
import { useMealTypeLabel } from '../features/meal-types/hooks/use-meal-type-label';
import { useCompare } from '../features/services/api/compare';
import { displayUrl, withReferralParams } from '../lib/outbound';
import { PageHeader } from './page-header';

type Service = NonNullable<Compared['service']>;
const NOT_SAID = '—';
const link = 'font-medium text-emerald-800 underline underline-offset-2 dark:text-emerald-300';

const DELIVERY = [
  ['localDelivery', 'Local delivery'],
  ['pickup', 'Pickup'],
  ['shipsDomestically', 'Ships nationwide'],
  ['shipsInternationally', 'Ships internationally'],
] as const;

/** The rows of the table: a name, and what each listing says (NOT_SAID when it says nothing). */
function rows(labelForMealType: (slug: string) => string, withDistance: boolean): Array<[string, (s: Service) => ReactNode]> {
  const list = (values: string[]) => (values.length ? values.join(', ') : NOT_SAID);
  return [
    ['Price per meal', (s) => (s.offer?.pricePerMeal ? formatPriceRange(s.offer.pricePerMeal) : NOT_SAID)],
    ['Plans', (s) => (s.offer?.plans ? PLAN_KIND_LABELS[s.offer.plans] : NOT_SAID)],
    ['Pause, skip or cancel', (s) => (s.offer?.pauseAnyTime === true ? 'Any time' : s.offer?.pauseAnyTime === false ? 'Not any time' : NOT_SAID)],
    ['Delivery days', (s) => list((s.offer?.deliveryDays ?? []).map((d) => WEEKDAY_NAMES[d]))],
    ['Order by', (s) => (s.offer?.orderCutoff ? formatCutoff(s.offer.orderCutoff) : NOT_SAID)],
    ['Delivery methods', (s) => list(DELIVERY.filter(([key]) => s.deliveryMethods[key]).map(([, label]) => label))],
    ...(withDistance ? ([['Distance', (s: Service) => (s.distanceMiles === null ? NOT_SAID : `${s.distanceMiles} miles`)]] as Array<[string, (s: Service) => ReactNode]>) : []),
    ['Based in', (s) => list([...new Set(s.locations.map((l) => [l.address.city, l.address.region].filter(Boolean).join(', ')).filter(Boolean))])],
    ['Diets', (s) => list(s.mealTypes.map(labelForMealType))],
    ['Allergen-friendly', (s) => list((s.offer?.allergenFriendly ?? []).map((a) => ALLERGEN_FRIENDLY_LABELS[a]))],
    ['Rating', (s) => (s.rating && s.rating.count > 0 && s.rating.average !== null ? `${formatRating(s.rating.average)} of 5 (${reviewCountLabel(s.rating.count)})` : 'No reviews yet')],
    ['Years in business', (s) => s.yearsInBusiness || NOT_SAID],
    [
      'Website',
      (s) =>
        s.contact.website ? (
          <a href={withReferralParams(s.contact.website) ?? s.contact.website} target="_blank" rel="noopener" className={link}>
            {displayUrl(s.contact.website)}
          </a>
        ) : (
          NOT_SAID
        ),
    ],
    // The quote form, on a page of its own (it works without JavaScript).
    [
      'Request a quote',
      (s) => (
        <Link to={`/service/${encodeURIComponent(s.slug)}/quote`} className={link}>
          Request a quote<span className="sr-only"> from {s.name}</span>
        </Link>
      ),
    ],
  ];
}

const cell = 'border-b border-gray-200 px-3 py-2 align-top text-sm dark:border-gray-700';
const rowName = `${cell} sticky left-0 z-10 bg-white text-left font-semibold dark:bg-gray-950 print:static`;

/**
 * /compare?s=a,b,c: up to four listings side by side, rendered on the server and readable without
 * JavaScript; with a place (?place=78701), how far each is. On a phone the row names stay in view
 * while the columns scroll; it prints on one landscape page.
 */
export function ComparePage() {
  const [search] = useSearchParams();
  const { slugs, more } = comparedSlugs(search.get('s'));
  const place = (search.get('place') ?? '').trim().slice(0, 100);
  const { data, isError, isFetching, refetch } = useCompare(slugs, place);
  const labelForMealType = useMealTypeLabel();
  usePageMeta({ title: 'Compare Meal Prep Services', description: 'Meal prep services side by side: price per meal, plans, delivery, diets, allergens and ratings.', url: '/compare', noindex: true });
  return (
    <>
      <PageHeader title="Compare Meal Prep Services" />
      {slugs.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-200">
          Choose services to compare with the Compare button on any list, such as{' '}
          <Link to="/services-by-name" className={link}>
            all services A–Z
          </Link>
          .
        </p>
      ) : isError && !isFetching ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <div className="flex flex-col gap-4">
          {more ? <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{COMPARE_TOO_MANY}</p> : null}
          <form method="get" action="/compare" className="flex flex-wrap items-end gap-2 print:hidden" aria-label="Distance from a place">
            <input type="hidden" name="s" value={slugs.join(',')} />
            <label className="flex flex-col gap-1 text-sm font-medium">
              Distance from (ZIP code or city, state)
              <input
                name="place"
                defaultValue={place}
                maxLength={100}
                className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-50"
              />
            </label>
            <button type="submit" className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white dark:bg-emerald-500 dark:text-gray-950">
              Show distance
            </button>
          </form>
          {data.placeProblem ? <p className="text-sm text-amber-800 dark:text-amber-300">{data.placeProblem}</p> : null}
          <CompareTable items={data.items} labelForMealType={labelForMealType} withDistance={data.place !== null} place={place} />
        </div>
      )}
    </>
  );
}

function CompareTable({ items, labelForMealType, withDistance, place }: { items: Compared[]; labelForMealType: (slug: string) => string; withDistance: boolean; place: string }) {
  const slugs = items.map((i) => i.slug);
  return (
    <div className="compare-table overflow-x-auto rounded-xl border border-gray-200 dark:border-gray-700 print:overflow-visible print:border-0">
      <table className="w-full min-w-[40rem] border-collapse print:min-w-0">
        <caption className="sr-only">Services side by side</caption>
        <thead>
          <tr>
            <th scope="col" className={rowName}>
              Service
            </th>
            {items.map(({ slug, service }) => (
              <th key={slug} scope="col" className={`${cell} min-w-40 text-left`}>
                {service ? (
                  <Link to={`/service/${encodeURIComponent(service.slug)}`} className={link}>
                    {service.name}
                  </Link>
                ) : (
                  <span className="font-normal text-gray-700 dark:text-gray-300">{COMPARE_UNAVAILABLE}</span>
                )}
                {service?.status === 'closed' ? <span className="block text-xs font-normal text-gray-700 dark:text-gray-300">Reported closed</span> : null}
                <Link
                  to={comparePath(
                    slugs.filter((s) => s !== slug),
                    place || undefined,
                  )}
                  className="mt-1 block text-xs font-normal text-gray-700 underline print:hidden dark:text-gray-300"
                  aria-label={`Remove ${service?.name ?? slug} from the comparison`}
                >
                  Remove
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows(labelForMealType, withDistance).map(([name, value]) => (
            <tr key={name} className="break-inside-avoid">
              <th scope="row" className={rowName}>
                {name}
              </th>
              {items.map(({ slug, service }) => (
                <td key={slug} className={cell}>
                  {service ? value(service) : NOT_SAID}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
