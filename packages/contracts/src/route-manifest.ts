import { comparedSlugs } from './compare-constants';
import { MAX_SEARCH_LENGTH } from './constants';
import { listingFilterParams, readListingFilters } from './filter-constants';
import { DEFAULT_NEAR_RADIUS, MAX_PLACE_QUERY, NEAR_DELIVERY_FILTERS, NEAR_RADII } from './near-constants';
import { isSlug } from './slug';

/**
 * A remote's routes as data (routes.json in its release): what the gateway needs of each page
 * without running the remote's code, so a release that adds a page is served, preloaded and in
 * the sitemap as soon as the release pointer names it.
 */
export interface RouteManifest {
  routes: RouteEntry[];
}

/** What a route's parameter may be: a slug the catalogue could have made, or any text (a form id, a typed place). */
export type ParamKind = 'slug' | 'text';

/** The catalogue's lists of what has a page (its sitemap data). */
export const SITEMAP_LISTS = ['states', 'cities', 'mealTypes', 'services', 'articles'] as const;
export type SitemapList = (typeof SITEMAP_LISTS)[number];

export interface RouteEntry {
  /** As the router matches it: static segments and `:name` parameters. */
  path: string;
  /** The page's own chunk (its files are `<chunk>.<hash>.js`), or null: in the first chunks. */
  chunk: string | null;
  params?: Record<string, ParamKind>;
  /** In the sitemap: the page itself, or a list whose entries ("texas/austin") fill its parameters in order. */
  sitemap?: 'page' | SitemapList;
  /** The API reads the page makes before it shows anything, as the browser makes them. */
  reads?: ReadTemplate[];
}

/**
 * One API read of a page. `{name}` in `path` is a route parameter (URL-encoded); a query entry is
 * `[name, value]` (a value in braces is a parameter, one starting with `$` a value of the page's
 * URL, URL_VALUES) and is left out when its value is empty; an entry `$name` alone adds that
 * value's entries. With `when`, the read is made only when that value is not empty.
 */
export interface ReadTemplate {
  path: string;
  query?: Array<[string, string] | `$${string}`>;
  when?: string;
}

type Value = string | Array<[string, string]>;

/** `?page=N` as a page number: anything that is not a positive integer means page 1 (the API refuses pages past 10,000). */
export function parsePageParam(value: string | null): number {
  if (!value || !/^\d{1,12}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? Math.min(page, 10_000) : 1;
}

/** The API refuses a longer search, so anything a visitor pastes is cut to fit first. */
export const clampSearch = (q: string): string => q.trim().slice(0, MAX_SEARCH_LENGTH).trim();
/** A place a visitor typed, cut to what the API takes. */
export const clampPlace = (text: string): string => text.trim().slice(0, MAX_PLACE_QUERY).trim();

/**
 * The values of a page's URL its reads take, each read as the page reads it: the visitor's
 * filters and order, pages, search, near-me's choices and the compared listings.
 */
const URL_VALUES: Record<string, (params: Record<string, string>, search: URLSearchParams) => Value> = {
  $q: (_, search) => clampSearch(search.get('q') ?? ''),
  $page: (_, search) => String(parsePageParam(search.get('page'))),
  $shipPage: (_, search) => String(parsePageParam(search.get('shipPage'))),
  $reviewsPage: (_, search) => {
    const page = parsePageParam(search.get('reviews'));
    return page > 1 ? String(page) : '';
  },
  $listFilters: (_, search) => Object.entries(listingFilterParams(readListingFilters((name) => search.getAll(name)))),
  $sort: (_, search) => (search.get('sort') === 'rating' ? 'rating' : ''),
  $nearFilters: (_, search) => Object.entries(listingFilterParams({ ...readListingFilters((name) => search.getAll(name)), delivery: [] })),
  $place: (params, search) => clampPlace(params.place ?? search.get('place') ?? ''),
  $radius: (_, search) => {
    const radius = Number(search.get('radius'));
    return String((NEAR_RADII as readonly number[]).includes(radius) ? radius : DEFAULT_NEAR_RADIUS);
  },
  $nearMealType: (_, search) => {
    const mealType = search.get('mealType') ?? '';
    return /^[a-z0-9-]{1,60}$/.test(mealType) ? mealType : '';
  },
  $nearDelivery: (_, search) => {
    const delivery = search.get('delivery') ?? '';
    return (NEAR_DELIVERY_FILTERS as readonly string[]).includes(delivery) ? delivery : '';
  },
  $compared: (_, search) => comparedSlugs(search.get('s')).slugs.join(','),
  $comparePlace: (_, search) => (search.get('place') ?? '').trim().slice(0, 100),
};

/** The names a template may use, for the manifest's schema. */
export const URL_VALUE_NAMES = Object.keys(URL_VALUES);

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The route a path is, with its parameters decoded, as the router matches it: static segments
 * ignoring case, each parameter one segment that is not empty, a trailing slash allowed.
 */
export function matchRoute<R extends { path: string }>(routes: readonly R[], pathname: string): { route: R; params: Record<string, string> } | null {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const route of routes) {
    const pattern = route.path.replace(/\/+$/, '').split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      const part = parts[i]!;
      if (!segment.startsWith(':')) return segment.toLowerCase() === part.toLowerCase();
      if (!part) return false;
      params[segment.slice(1)] = decoded(part) ?? part;
      return true;
    });
    if (matches) return { route, params };
  }
  return null;
}

/**
 * The route of a page that may exist: a route, each parameter what it may be (a slug the
 * catalogue could have made). The page itself may still find nothing there (a 404 it says).
 */
export function publicRouteOf(routes: readonly RouteEntry[], pathname: string): { route: RouteEntry; params: Record<string, string> } | null {
  const found = matchRoute(routes, pathname);
  if (!found) return null;
  const valid = Object.entries(found.route.params ?? {}).every(([name, kind]) => {
    const raw = pathname.split('/')[found.route.path.split('/').indexOf(`:${name}`)] ?? '';
    const value = decoded(raw);
    return value !== null && value.length > 0 && (kind === 'text' || isSlug(value));
  });
  return valid ? found : null;
}

const expand = (text: string, params: Record<string, string>, search: URLSearchParams): Value => {
  if (text.startsWith('$')) return URL_VALUES[text]?.(params, search) ?? '';
  return text.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
};

/** The API paths the page at a URL reads, in order (none for a path that is no page). */
export function readsOf(routes: readonly RouteEntry[], pathname: string, search: URLSearchParams): string[] {
  const found = publicRouteOf(routes, pathname);
  if (!found) return [];
  const paths: string[] = [];
  for (const read of found.route.reads ?? []) {
    if (read.when && expand(read.when, found.params, search).length === 0) continue;
    const query = new URLSearchParams();
    for (const entry of read.query ?? []) {
      const value = typeof entry === 'string' ? expand(entry, found.params, search) : expand(entry[1], found.params, search);
      if (Array.isArray(value)) for (const [name, v] of value) query.set(name, v);
      else if (typeof entry !== 'string' && value) query.set(entry[0], value);
    }
    const text = query.toString();
    paths.push(`${expand(read.path, found.params, search) as string}${text ? `?${text}` : ''}`);
  }
  return paths;
}

/**
 * Every page worth indexing, for the sitemap: the pages marked 'page', then each list's entries
 * in its route (each entry's parts, split on "/", fill the route's parameters in order).
 */
export function sitemapPaths(routes: readonly RouteEntry[], lists: Record<SitemapList, readonly string[]>): string[] {
  const pages = routes.filter((route) => route.sitemap === 'page').map((route) => route.path);
  const listed = routes.flatMap((route) => {
    const list = route.sitemap && route.sitemap !== 'page' ? lists[route.sitemap] : [];
    return list.map((entry) => {
      const parts = entry.split('/');
      let i = 0;
      return route.path
        .split('/')
        .map((segment) => (segment.startsWith(':') ? (parts[i++] ?? '') : segment))
        .join('/');
    });
  });
  return [...pages, ...listed];
}
