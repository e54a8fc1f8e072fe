import { SERVICE_GRID_PAGE_SIZE } from '@mealprep/contracts/browser';
import { matchPath } from '@mealprep/router/server';
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
import { clampSearch, servicesQueryOptions, type ServiceListFilter } from './features/services/api/get-services';
import { FEATURED_FILTER } from './features/services/components/featured-carousel';
import { parsePageParam } from './lib/use-page-param';

/** The query options a page reads, as its components ask for them (same factories, same keys). */
type PageQuery = { queryKey: readonly unknown[] };

const list = (filter: Omit<ServiceListFilter, 'page' | 'pageSize'>, search: URLSearchParams) =>
  servicesQueryOptions({ ...filter, page: parsePageParam(search.get('page')), pageSize: SERVICE_GRID_PAGE_SIZE });

/**
 * What a public page will read, known from its URL, for the server render to fetch before it first
 * renders the page: one render instead of one per step of discovery (a state page would otherwise
 * find its region, then its services). Only a head start: whatever the page asks for that is not
 * here is still found by rendering, so a page that changes what it reads stays right, if slower.
 */
export function pageQueries(pathname: string, search: URLSearchParams): PageQuery[] {
  // As the router matches it: decoded (a city keeps its comma: /near/Austin%2C%20TX is "Austin, TX").
  const param = (pattern: string, name: string) => {
    const match = matchPath(pattern, pathname);
    return match ? decoded(match.params[name] ?? '') : null;
  };
  // Cards name meal types by their labels: every list and the service page read them.
  const labels = mealTypesQueryOptions();
  if (pathname === '/') return [bannersQueryOptions(), servicesQueryOptions(FEATURED_FILTER), regionsQueryOptions(), regionCountsQueryOptions()];
  if (pathname === '/services-by-name') return [labels, list({}, search)];
  if (pathname === '/services-that-ship') return [labels, list({ shipping: true }, search)];
  if (pathname === '/services-by-state') return [regionsQueryOptions(), regionCountsQueryOptions()];
  if (pathname === '/services-by-meal-type') return [labels];
  if (pathname === '/articles') return [articlesQueryOptions()];
  if (pathname === '/find-service') {
    const q = clampSearch(search.get('q') ?? '');
    return q ? [labels, list({ q }, search)] : [labels];
  }
  const near = pathname === '/near' ? (search.get('place') ?? '') : param('/near/:place', 'place');
  if (near !== null) {
    const filter = nearFilterFrom(near, search);
    return filter.place ? [labels, nearQueryOptions(filter)] : [labels];
  }
  const cityPage = matchPath('/state/:state/:city', pathname);
  if (cityPage) {
    const [state, city] = [decoded(cityPage.params.state ?? ''), decoded(cityPage.params.city ?? '')];
    return isPossibleSlug(state) && isPossibleSlug(city) ? [cityQueryOptions(state, city), labels, list({ state, city }, search)] : [];
  }
  const state = param('/state/:slug', 'slug');
  if (state !== null) return isPossibleSlug(state) ? [regionQueryOptions(state), citiesQueryOptions(state), labels, list({ state }, search)] : [];
  const mealType = param('/meal-type/:slug', 'slug');
  if (mealType !== null) return isPossibleMealTypeSlug(mealType) ? [mealTypeQueryOptions(mealType), labels, list({ mealType }, search)] : [];
  const service = param('/service/:slug', 'slug');
  if (service !== null) return isPossibleServiceSlug(service) ? [serviceQueryOptions(service), nearbyQueryOptions(service), labels] : [];
  const article = param('/articles/:slug', 'slug');
  if (article !== null) return isPossibleArticleSlug(article) ? [articleQueryOptions(article)] : [];
  return [];
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
