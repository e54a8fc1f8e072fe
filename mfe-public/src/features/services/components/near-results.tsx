import { isApiError } from '@mealprep/api-client';
import { useFilteredVariant, useListFilters } from '../../../lib/list-filters';
import { humanizeSlug } from '../../../lib/text';
import { ListFilters } from './list-filters';
import type { NearResult } from '@mealprep/contracts';
import { DEFAULT_NEAR_RADIUS, listingFilterParams, NEAR_RADII, SERVICE_GRID_PAGE_SIZE } from '@mealprep/contracts/browser';
import { buttonClassName, ErrorState, Loading, Pager, usePageMeta } from '@mealprep/ui';
import { useId, type FormEvent } from 'react';
import { Link, useLocation } from '@mealprep/router';
import { RouterPagerLink } from '../../../lib/router-link';
import { breadcrumbList, serviceItemList, StructuredData } from '../../../lib/structured-data';
import { usePageParam } from '../../../lib/use-page-param';
import { useInsightReport } from '../../../lib/insights';
import { useKeptAnswer } from '../../../lib/use-kept-answer';
import { useUrlChoice } from '../../../lib/use-url-choice';
import { nearPath, useNear, type NearFilter } from '../api/get-near';
import { ListNotUpdated } from './service-grid';
import { NearCardGrid } from './near-card-grid';
import { NearSearch } from './near-search';

const DELIVERY_LABELS = { '': 'Any way', delivers: 'Delivers to me', pickup: 'Pickup', ships: 'Ships to me' } as const;

/** What the near-me page's own form chose, kept by the filter form. */
function nearKeep(filter: NearFilter): Record<string, string> {
  const keep: Record<string, string> = {};
  if (filter.radius !== DEFAULT_NEAR_RADIUS) keep.radius = String(filter.radius);
  if (filter.mealType) keep.mealType = filter.mealType;
  if (filter.delivery) keep.delivery = filter.delivery;
  return keep;
}

/** A field shows the visitor's choice, then the URL (useUrlChoice): a change goes to the form's onChange, which makes it. */
const viaForm = () => undefined;

function NearFilters({ filter, mealTypes }: { filter: NearFilter; mealTypes: Array<{ slug: string; name: string }> }) {
  const id = useId();
  const { pathname } = useLocation();
  const { shown, choose } = useUrlChoice({ radius: String(filter.radius), mealType: filter.mealType ?? '', delivery: filter.delivery ?? '' });
  function apply(form: HTMLFormElement) {
    const data = new FormData(form);
    const choice = { radius: String(data.get('radius') ?? ''), mealType: String(data.get('mealType') ?? ''), delivery: String(data.get('delivery') ?? '') };
    const path = nearPath(filter.place, { ...choice, radius: Number(choice.radius) });
    // The other filters (price, rating…) stay as they are.
    const others = new URLSearchParams(filter.filters ? listingFilterParams(filter.filters) : {}).toString();
    choose(choice, others ? `${path}${path.includes('?') ? '&' : '?'}${others}` : path);
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const select = 'h-10 rounded-md border border-gray-400 bg-white px-2 text-gray-900 dark:border-gray-500 dark:bg-gray-900 dark:text-gray-100';
  return (
    // A plain GET form to this page too: without JavaScript the browser asks the same URL with the new filters.
    <form method="get" action={pathname} onSubmit={onSubmit} onChange={(event) => apply(event.currentTarget)} className="flex flex-wrap items-end gap-3" aria-label="Filter the results">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-radius`} className="text-sm font-medium">
          Within
        </label>
        <select id={`${id}-radius`} name="radius" value={shown.radius} onChange={viaForm} className={select}>
          {NEAR_RADII.map((radius) => (
            <option key={radius} value={radius}>
              {radius} miles
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-meal`} className="text-sm font-medium">
          Meal type
        </label>
        <select id={`${id}-meal`} name="mealType" value={shown.mealType} onChange={viaForm} className={select}>
          <option value="">All meal types</option>
          {mealTypes.map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-delivery`} className="text-sm font-medium">
          How
        </label>
        <select id={`${id}-delivery`} name="delivery" value={shown.delivery} onChange={viaForm} className={select}>
          {Object.entries(DELIVERY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <button type="submit" className={buttonClassName({ variant: 'outline' })}>
          Apply
        </button>
      </noscript>
    </form>
  );
}

function UnknownPlace({ place, message }: { place: string; message: string }) {
  usePageMeta({ title: 'Place Not Found', noindex: true, notFound: true });
  return (
    <section className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">We couldn't find that place</h1>
        <p className="mt-4 text-gray-700 dark:text-gray-200">{message}</p>
        <p className="mt-2 text-gray-700 dark:text-gray-200">
          Try another ZIP code or city, or{' '}
          <Link to="/services-by-state" className="font-medium text-emerald-800 underline dark:text-emerald-300">
            browse the services by state
          </Link>
          .
        </p>
      </div>
      <NearSearch heading="Search another place" defaultPlace={place} />
    </section>
  );
}

function Results({
  filter,
  data,
  labelForMealType,
  mealTypes,
  busy,
  wentBack,
}: {
  filter: NearFilter;
  data: NearResult;
  labelForMealType?: (slug: string) => string;
  mealTypes: Array<{ slug: string; name: string }>;
  busy: boolean;
  /** A choice's answer failed and the page went back to these results. */
  wentBack: boolean;
}) {
  const local = usePageParam('page');
  const ships = usePageParam('shipPage');
  const shown = [...data.local.items, ...data.nationwide.items].map((s) => s.id);
  useInsightReport(shown.length ? { metric: 'near', serviceIds: shown } : null);
  const where = data.place.kind === 'zip' ? data.place.label : `${data.place.city}, ${data.place.state}`;
  const title = `Meal Prep near ${where}`;
  const { filters } = useListFilters();
  const filteredVariant = useFilteredVariant();
  usePageMeta({
    title,
    description: `Meal prep services that deliver to, offer pickup near or ship to ${where}, nearest first.`,
    url: nearPath(data.place.zip ?? `${data.place.city}, ${data.place.state}`),
    // A filtered variant is not indexed; its canonical URL is the place's plain page.
    noindex: filteredVariant,
  });
  const localLine = data.local.total === 1 ? `1 service within ${data.radius} miles` : `${data.local.total} services within ${data.radius} miles`;
  return (
    <section className="flex flex-col gap-8">
      <StructuredData
        build={(origin) => [
          breadcrumbList(origin, [
            { name: 'Home', path: '/' },
            { name: 'Services by State', path: '/services-by-state' },
            ...(data.place.stateSlug ? [{ name: data.place.state, path: `/state/${data.place.stateSlug}` }] : []),
            { name: where, path: nearPath(data.place.zip ?? where) },
          ]),
          serviceItemList(origin, data.local.items, (local.page - 1) * SERVICE_GRID_PAGE_SIZE + 1),
        ]}
      />
      <div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-gray-700 dark:text-gray-200">{localLine}, nearest first.</p>
      </div>
      <NearFilters filter={filter} mealTypes={mealTypes} />
      <ListFilters
        filters={filters}
        sort="name"
        counts={data.facets}
        labelForMealType={labelForMealType ?? humanizeSlug}
        withMealTypes={false}
        withDelivery={false}
        withSort={false}
        keep={nearKeep(filter)}
      />
      {wentBack ? <ListNotUpdated /> : null}
      <section aria-labelledby="near-local" className="flex flex-col gap-5">
        <h2 id="near-local" className="text-2xl font-bold tracking-tight">
          Near {where}
        </h2>
        {data.local.total === 0 ? (
          <p className="rounded-xl border border-dashed border-gray-300 px-6 py-8 text-gray-700 dark:border-gray-700 dark:text-gray-200">
            No services within {data.radius} miles{filter.mealType || filter.delivery ? ' match these filters' : ''}.{' '}
            {data.radius < 100 ? (
              <Link to={nearPath(filter.place, { radius: 100, mealType: filter.mealType, delivery: filter.delivery })} className="font-medium text-emerald-800 underline dark:text-emerald-300">
                Search within 100 miles
              </Link>
            ) : null}
          </p>
        ) : (
          <>
            <NearCardGrid cards={data.local.items} labelForMealType={labelForMealType} busy={busy} />
            <Pager page={local.page} pageCount={data.local.pageCount} hrefForPage={local.hrefForPage} linkComponent={RouterPagerLink} />
          </>
        )}
      </section>
      {data.nationwide.total > 0 ? (
        <section aria-labelledby="near-nationwide" className="flex flex-col gap-5">
          <h2 id="near-nationwide" className="text-2xl font-bold tracking-tight">
            Ship to {where} from farther away
          </h2>
          <NearCardGrid cards={data.nationwide.items} labelForMealType={labelForMealType} busy={busy} />
          <Pager page={ships.page} pageCount={data.nationwide.pageCount} hrefForPage={ships.hrefForPage} linkComponent={RouterPagerLink} label="Pages of services that ship" />
        </section>
      ) : null}
      {data.place.stateSlug ? (
        <p className="text-gray-700 dark:text-gray-200">
          <Link to={`/state/${data.place.stateSlug}`} className="font-medium text-emerald-800 underline dark:text-emerald-300">
            All meal prep services in {data.place.state}
          </Link>
        </p>
      ) : null}
      <NearSearch heading="Search another place" />
    </section>
  );
}

/** The near-me page's body: the results for the place in the URL, or what is wrong with the place. */
export function NearResults({ filter, labelForMealType, mealTypes }: { filter: NearFilter; labelForMealType?: (slug: string) => string; mealTypes: Array<{ slug: string; name: string }> }) {
  const { data: answer, error, isError, isFetching, isPlaceholderData, refetch } = useNear(filter);
  const unknown = isError && isApiError(error) && (error.status === 400 || error.status === 404);
  // One list: the place, the distance and the filters are the visitor's choices of it.
  const { data, goingBack, wentBack } = useKeptAnswer({ data: answer, isError: isError && !unknown, isFetching, isPlaceholderData }, 'near');
  if (unknown) return <UnknownPlace place={filter.place} message={error.message} />;
  if (isError && !isFetching && !goingBack) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Loading />;
  return <Results filter={filter} data={data} labelForMealType={labelForMealType} mealTypes={mealTypes} busy={isFetching} wentBack={wentBack} />;
}
