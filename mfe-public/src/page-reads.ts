import { comparedSlugs, SERVICE_GRID_PAGE_SIZE } from '@mealprep/contracts/browser';
import { compareQueryOptions } from './features/services/api/compare';
import { articleQueryOptions, isPossibleArticleSlug } from './features/articles/api/get-article';
import { articlesQueryOptions } from './features/articles/api/get-articles';
import { bannersQueryOptions } from './features/home/api/get-banners';
import { isPossibleMealTypeSlug, mealTypeQueryOptions } from './features/meal-types/api/get-meal-type';
import { mealTypesQueryOptions } from './features/meal-types/api/get-meal-types';
import { regionCountsQueryOptions } from './features/regions/api/get-region-counts';
import { cityQueryOptions, citiesQueryOptions } from './features/regions/api/get-cities';
import { isPossibleSlug, regionQueryOptions } from './features/regions/api/get-region';
import { regionsQueryOptions } from './features/regions/api/get-regions';
import { nearFilterFrom, nearQueryOptions } from './features/services/api/get-near';
import { nearbyQueryOptions } from './features/services/api/get-nearby';
import { isPossibleServiceSlug, serviceQueryOptions } from './features/services/api/get-service';
import { clampSearch, FEATURED_FILTER, servicesQueryOptions, type ServiceListFilter } from './features/services/api/get-services';
import { reviewsQueryOptions } from './features/services/api/reviews';
import { leadFormQueryOptions } from './features/leads/api/leads';
import { filtersFromSearch } from './lib/list-filters';
import { parsePageParam } from './lib/use-page-param';

import { matchPublicRoute } from './route-table';

/** A query a page reads, as its components ask for it (same factories, same keys; its meta names its API path). */
export type PageQuery = { queryKey: readonly unknown[]; meta?: Record<string, unknown> };

type Reads = (params: Record<string, string>, search: URLSearchParams) => PageQuery[];

// Cards name meal types by their labels: every list and the service page read them.
const labels = () => mealTypesQueryOptions();
// Every list reads the visitor's filters and order from the URL, and counts each filter's choices.
const list = (filter: Omit<ServiceListFilter, 'page' | 'pageSize'>, search: URLSearchParams) =>
  servicesQueryOptions({ ...filter, ...filtersFromSearch(search), facets: true, page: parsePageParam(search.get('page')), pageSize: SERVICE_GRID_PAGE_SIZE });
const near = (place: string, search: URLSearchParams): PageQuery[] => {
  const filter = nearFilterFrom(place, search);
  return filter.place ? [labels(), nearQueryOptions(filter)] : [labels()];
};

/**
 * What each page reads, by its component's name (route-table.ts): the page's queries, known from
 * its URL, parameters decoded. A page that reads nothing before it renders has no entry.
 */
export const PAGE_READS = {
  HomePage: () => [bannersQueryOptions(), servicesQueryOptions(FEATURED_FILTER), regionsQueryOptions(), regionCountsQueryOptions()],
  FindServicePage: (_, search) => {
    const q = clampSearch(search.get('q') ?? '');
    return q ? [labels(), list({ q }, search)] : [labels()];
  },
  ServicesByStatePage: () => [regionsQueryOptions(), regionCountsQueryOptions()],
  StatePage: ({ stateSlug = '' }, search) => (isPossibleSlug(stateSlug) ? [regionQueryOptions(stateSlug), citiesQueryOptions(stateSlug), labels(), list({ state: stateSlug }, search)] : []),
  CityServicesPage: ({ stateSlug = '', citySlug = '' }, search) =>
    isPossibleSlug(stateSlug) && isPossibleSlug(citySlug) ? [cityQueryOptions(stateSlug, citySlug), labels(), list({ state: stateSlug, city: citySlug }, search)] : [],
  ServicesThatShipPage: (_, search) => [labels(), list({ shipping: true }, search)],
  ServicesByMealTypePage: () => [labels()],
  MealTypePage: ({ mealTypeSlug = '' }, search) => (isPossibleMealTypeSlug(mealTypeSlug) ? [mealTypeQueryOptions(mealTypeSlug), labels(), list({ mealType: mealTypeSlug }, search)] : []),
  ServicesByNamePage: (_, search) => [labels(), list({}, search)],
  ServicePage: ({ serviceSlug = '' }, search) =>
    isPossibleServiceSlug(serviceSlug) ? [serviceQueryOptions(serviceSlug), nearbyQueryOptions(serviceSlug), labels(), reviewsQueryOptions(serviceSlug, parsePageParam(search.get('reviews')))] : [],
  QuotePage: ({ serviceSlug = '' }) => (isPossibleServiceSlug(serviceSlug) ? [serviceQueryOptions(serviceSlug), leadFormQueryOptions(serviceSlug), labels()] : []),
  QuoteSentPage: ({ serviceSlug = '' }) => (isPossibleServiceSlug(serviceSlug) ? [serviceQueryOptions(serviceSlug)] : []),
  ComparePage: (_, search) => {
    const { slugs } = comparedSlugs(search.get('s'));
    return slugs.length ? [labels(), compareQueryOptions(slugs, (search.get('place') ?? '').trim().slice(0, 100))] : [labels()];
  },
  NearPage: ({ place }, search) => near(place ?? search.get('place') ?? '', search),
  ArticlesPage: () => [articlesQueryOptions()],
  ArticlePage: ({ slug = '' }) => (isPossibleArticleSlug(slug) ? [articleQueryOptions(slug)] : []),
} satisfies Record<string, Reads>;

/** What the page at a URL reads (its route's reads); nothing for a path no route has. */
export function pageQueries(pathname: string, search: URLSearchParams): PageQuery[] {
  const found = matchPublicRoute(pathname);
  const reads: Reads | undefined = found ? (PAGE_READS as Record<string, Reads>)[found.route.component] : undefined;
  return reads?.(found!.params, search) ?? [];
}
