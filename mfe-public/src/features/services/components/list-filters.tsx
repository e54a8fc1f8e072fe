import type { FilterCounts, ListingFilters, ListSort } from '@mealprep/contracts';
import {
  countFilters,
  listingFilterParams,
  ALLERGEN_FRIENDLY_LABELS,
  ALLERGEN_FRIENDLY_OPTIONS,
  FILTER_DELIVERY,
  FILTER_DELIVERY_LABELS,
  FILTER_PRICES,
  FILTER_RATINGS,
  LIST_SORT_LABELS,
  LIST_SORTS,
} from '@mealprep/contracts/browser';
import { Link, useLocation } from '@mealprep/router';
import { buttonClassName } from '@mealprep/ui';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { filtersFromSearch } from '../../../lib/list-filters';
import { useUrlChoice } from '../../../lib/use-url-choice';

export interface ListFiltersProps {
  filters: ListingFilters;
  sort: ListSort;
  /** How many listings each choice leaves; while they load, the choices show without numbers. */
  counts: FilterCounts | undefined;
  labelForMealType: (slug: string) => string;
  /** A meal type page lists one meal type already: it has no meal type filter (near-me has its own, and its own delivery, and is nearest first). */
  withMealTypes?: boolean;
  withDelivery?: boolean;
  withSort?: boolean;
  /** Parameters of the page the form keeps (a search's words). */
  keep?: Record<string, string>;
}

const control = 'rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-50';
/** The fields show the visitor's choice, then the URL (useUrlChoice): a change goes to the form's onChange, which makes it. */
const viaForm = () => undefined;
const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Check({ name, value, checked, label }: { name: string; value: string; checked: boolean; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} value={value} checked={checked} onChange={viaForm} />
      {label}
    </label>
  );
}

/**
 * The filters of a list of services: a plain GET form, so it works without JavaScript and its URL
 * can be shared; with JavaScript each change applies at once. On a phone it folds behind one
 * button (a checkbox and its label: no script needed to open it).
 */
export function ListFilters({ filters: fromUrl, sort: sortFromUrl, counts, labelForMealType, withMealTypes = true, withDelivery = true, withSort = true, keep = {} }: ListFiltersProps) {
  const { pathname } = useLocation();
  const id = useId();
  const { shown, choose } = useUrlChoice({ filters: fromUrl, sort: sortFromUrl });
  const { filters, sort } = shown;
  // How many are set: the phone's button says it.
  const active = countFilters(filters);
  const keepQuery = new URLSearchParams(keep).toString();
  const plain = keepQuery ? `${pathname}?${keepQuery}` : pathname;
  const mealTypes = Object.keys(counts?.meal ?? {}).filter((slug) => (counts?.meal[slug] ?? 0) > 0 || filters.meal.includes(slug));
  const formRef = useRef<HTMLFormElement>(null);
  const queryOf = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value !== '' && !(name === 'sort' && value === 'name')) params.append(name, value);
    return params.toString();
  };
  const apply = (form: HTMLFormElement) => {
    const query = queryOf(form);
    choose(filtersFromSearch(new URLSearchParams(query)), query ? `${pathname}?${query}` : pathname);
  };
  // A choice made on the server's HTML before the page was hydrated is applied once it is (the
  // field shows it, but no script heard it).
  const rendered = useRef<string | null>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form || rendered.current !== null) return;
    rendered.current = queryOf(form);
    const inUrl = new URLSearchParams({ ...keep, ...listingFilterParams(fromUrl), ...(sortFromUrl === 'name' ? {} : { sort: sortFromUrl }) });
    const asShown = new URLSearchParams(rendered.current);
    const same = (a: URLSearchParams) =>
      [...new Set(a.keys())]
        .sort()
        .map(
          (k) =>
            `${k}=${a
              .getAll(k)
              .flatMap((v) => v.split(','))
              .sort()
              .join(',')}`,
        )
        .join('&');
    if (same(asShown) !== same(inUrl)) apply(form);
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  return (
    <form
      ref={formRef}
      method="get"
      action={pathname}
      aria-label="Filter services"
      onSubmit={submit}
      onChange={(event) => {
        if ((event.target as HTMLElement).id !== `${id}-open`) apply(event.currentTarget);
      }}
      className="rounded-xl border border-gray-200 p-4 dark:border-gray-700"
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input id={`${id}-open`} type="checkbox" className="peer sr-only lg:hidden" aria-controls={`${id}-panel`} />
      <label htmlFor={`${id}-open`} className={buttonClassName({ variant: 'outline', size: 'sm', className: 'cursor-pointer peer-focus-visible:outline-2 lg:hidden' })}>
        Filters{active ? ` (${active})` : ''}
      </label>
      <div id={`${id}-panel`} className="mt-4 hidden grid-cols-1 gap-5 peer-checked:grid sm:grid-cols-2 lg:mt-0 lg:grid lg:grid-cols-4">
        {withMealTypes && mealTypes.length ? (
          <Group legend="Meal types">
            {mealTypes.map((slug) => (
              <Check key={slug} name="meal" value={slug} checked={filters.meal.includes(slug)} label={withCount(labelForMealType(slug), counts?.meal[slug])} />
            ))}
          </Group>
        ) : null}
        {withDelivery ? (
          <Group legend="Delivery">
            {FILTER_DELIVERY.map((method) => (
              <Check key={method} name="delivery" value={method} checked={filters.delivery.includes(method)} label={withCount(FILTER_DELIVERY_LABELS[method], counts?.delivery[method])} />
            ))}
          </Group>
        ) : null}
        <div className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Price per meal
            <select name="price" value={filters.price === null ? '' : String(filters.price)} onChange={viaForm} className={control}>
              <option value="">Any price</option>
              {FILTER_PRICES.map((price) => (
                <option key={price} value={price}>
                  {withCount(`Up to $${price}`, counts?.price[String(price)])}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Rating
            <select name="rating" value={filters.rating === null ? '' : String(filters.rating)} onChange={viaForm} className={control}>
              <option value="">Any rating</option>
              {FILTER_RATINGS.map((rating) => (
                <option key={rating} value={rating}>
                  {withCount(`${rating} stars and up`, counts?.rating[String(rating)])}
                </option>
              ))}
            </select>
          </label>
          {withSort ? (
            <label className="flex flex-col gap-1 text-sm font-semibold">
              Sort by
              <select name="sort" value={sort} onChange={viaForm} className={control}>
                {LIST_SORTS.map((option) => (
                  <option key={option} value={option}>
                    {LIST_SORT_LABELS[option]}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        <Group legend="Plans and allergens">
          <Check name="pause" value="yes" checked={filters.pause} label={withCount('Pause or skip any time', counts?.pause)} />
          {ALLERGEN_FRIENDLY_OPTIONS.map((allergen) => (
            <Check key={allergen} name="allergen" value={allergen} checked={filters.allergen.includes(allergen)} label={withCount(ALLERGEN_FRIENDLY_LABELS[allergen], counts?.allergen[allergen])} />
          ))}
        </Group>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
          <button type="submit" className={buttonClassName({ size: 'sm' })}>
            Apply filters
          </button>
          {active || sort !== 'name' ? (
            <Link to={plain} className="text-sm font-medium text-emerald-800 underline underline-offset-2 dark:text-emerald-300">
              Clear filters
            </Link>
          ) : null}
        </div>
      </div>
    </form>
  );
}
