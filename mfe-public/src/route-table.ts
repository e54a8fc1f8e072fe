import { isSlug } from '@mealprep/contracts/browser';
import { matchPath } from '@mealprep/router';

/** The chunks the pages are in (routes.tsx loads each by this name; the home page is in the routes chunk). */
export type PageChunk =
  | 'page-find-service-page'
  | 'page-services-by-state-page'
  | 'page-state-page'
  | 'page-services-that-ship-page'
  | 'page-services-by-meal-type-page'
  | 'page-meal-type-page'
  | 'page-services-by-name-page'
  | 'page-near-page'
  | 'page-service-page'
  | 'page-compare-page'
  | 'page-articles-page'
  | 'page-form-pages'
  | 'page-info-pages';

/** What a route's parameter may be: a slug the catalogue could have made, or any text (a form id, a typed place). */
type ParamKind = 'slug' | 'text';

export interface PublicRoute {
  /** As the router matches it. */
  path: string;
  /**
   * The page component's export in its chunk. What the page reads, known from its URL, is its
   * component's entry in page-reads.ts: the server render reads it all at once, then renders the
   * page once, and the gateway preloads it for a page the browser renders. Kept apart so the
   * browser's first load does not carry every page's reads (its pages ask for the same queries
   * as they render).
   */
  component: string;
  /** Its chunk, or null: in the routes chunk (the home page). */
  chunk: PageChunk | null;
  /** What each parameter may be; a path whose parameter could not be one is a page that does not exist (404). */
  params?: Record<string, ParamKind>;
  /**
   * In the sitemap: 'page' for the page itself; or the catalogue's list whose entries fill its
   * parameters ("texas/austin" fills /state/:stateSlug/:citySlug). Left out: not worth indexing.
   */
  sitemap?: 'page' | SitemapList;
}

/** The catalogue's lists of what has a page (its sitemap data). */
export type SitemapList = 'states' | 'cities' | 'mealTypes' | 'services' | 'articles';

/**
 * Every public page, declared once: its path, its page component (and so its chunk), what its
 * parameters may be and the data it reads. The routes the browser and the server render mount,
 * the server render's reads, and the gateway's preloads and its 404 for a page the browser renders
 * all come from here. Adding a page is one entry here and its component.
 */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: '/', component: 'HomePage', chunk: null, sitemap: 'page' },
  { path: '/find-service', component: 'FindServicePage', chunk: 'page-find-service-page', sitemap: 'page' },
  { path: '/services-by-state', component: 'ServicesByStatePage', chunk: 'page-services-by-state-page', sitemap: 'page' },
  { path: '/state/:stateSlug', component: 'StatePage', chunk: 'page-state-page', params: { stateSlug: 'slug' }, sitemap: 'states' },
  { path: '/state/:stateSlug/:citySlug', component: 'CityServicesPage', chunk: 'page-state-page', params: { stateSlug: 'slug', citySlug: 'slug' }, sitemap: 'cities' },
  { path: '/services-that-ship', component: 'ServicesThatShipPage', chunk: 'page-services-that-ship-page', sitemap: 'page' },
  { path: '/services-by-meal-type', component: 'ServicesByMealTypePage', chunk: 'page-services-by-meal-type-page', sitemap: 'page' },
  { path: '/meal-type/:mealTypeSlug', component: 'MealTypePage', chunk: 'page-meal-type-page', params: { mealTypeSlug: 'slug' }, sitemap: 'mealTypes' },
  { path: '/services-by-name', component: 'ServicesByNamePage', chunk: 'page-services-by-name-page', sitemap: 'page' },
  { path: '/service/:serviceSlug', component: 'ServicePage', chunk: 'page-service-page', params: { serviceSlug: 'slug' }, sitemap: 'services' },
  // Side by side: not indexed (any mix of listings), so not in the sitemap.
  { path: '/compare', component: 'ComparePage', chunk: 'page-compare-page' },
  // /near?place=… is what the search form sends without JavaScript (the gateway sends it on to /near/{place}).
  { path: '/near', component: 'NearPage', chunk: 'page-near-page' },
  { path: '/near/:place', component: 'NearPage', chunk: 'page-near-page', params: { place: 'text' } },
  { path: '/articles', component: 'ArticlesPage', chunk: 'page-articles-page', sitemap: 'page' },
  { path: '/articles/:slug', component: 'ArticlePage', chunk: 'page-articles-page', params: { slug: 'slug' }, sitemap: 'articles' },
  { path: '/about', component: 'AboutPage', chunk: 'page-info-pages', sitemap: 'page' },
  { path: '/add-your-service', component: 'AddYourServicePage', chunk: 'page-form-pages', sitemap: 'page' },
  { path: '/paperform', component: 'PaperformPage', chunk: 'page-form-pages' },
  { path: '/paperform/:formId', component: 'PaperformPage', chunk: 'page-form-pages', params: { formId: 'text' } },
  { path: '/terms-of-service', component: 'TermsPage', chunk: 'page-info-pages' },
  { path: '/privacy-policy', component: 'PrivacyPage', chunk: 'page-info-pages' },
];

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Each route's path up to its first parameter: only a path that starts so (the router ignores case) may be it. */
const PREFIXES = PUBLIC_ROUTES.map((route) => route.path.split(':')[0]!.toLowerCase());

/** The route a path is, with its parameters decoded (as the router gives them to the page), or null. */
export function matchPublicRoute(pathname: string): { route: PublicRoute; params: Record<string, string> } | null {
  // matchPath compiles its pattern on every call: the prefixes leave it one or two routes to try.
  const lower = pathname.toLowerCase();
  for (const [i, route] of PUBLIC_ROUTES.entries()) {
    if (!lower.startsWith(PREFIXES[i]!)) continue;
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.params)) params[name] = decoded(value ?? '') ?? value ?? '';
    return { route, params };
  }
  return null;
}

/**
 * Whether a path is a page that may exist: a route, each parameter what it may be (a slug the
 * catalogue could have made). The page itself may still find nothing there (a 404 it says).
 */
export function isPublicPage(pathname: string): boolean {
  const found = matchPublicRoute(pathname);
  if (!found) return false;
  const match = matchPath(found.route.path, pathname);
  return Object.entries(found.route.params ?? {}).every(([name, kind]) => {
    const raw = match?.params[name] ?? '';
    const value = decoded(raw);
    return value !== null && value.length > 0 && (kind === 'text' || isSlug(value));
  });
}

/** The chunk of the page at a path, or null (the home page is in the routes chunk; no route, the not-found page). */
export function pageChunk(pathname: string): PageChunk | null {
  return matchPublicRoute(pathname)?.route.chunk ?? null;
}

/** Whether the page at a path answers 200 whatever its data says (a route without parameters). */
export function fixedStatus(pathname: string): boolean {
  const found = matchPublicRoute(pathname);
  return found !== null && !found.route.path.includes(':');
}

/**
 * Every page worth indexing, for the sitemap: the pages marked 'page', then each list's entries
 * in its route (each entry's parts, split on "/", fill the route's parameters in order).
 */
export function sitemapPaths(lists: Record<SitemapList, readonly string[]>): string[] {
  const pages = PUBLIC_ROUTES.filter((route) => route.sitemap === 'page').map((route) => route.path);
  const listed = PUBLIC_ROUTES.flatMap((route) => {
    const list = route.sitemap && route.sitemap !== 'page' ? lists[route.sitemap] : [];
    return list.map((entry) => {
      const parts = entry.split('/');
      let i = 0;
      return route.path.replace(/:[A-Za-z]+/g, () => parts[i++] ?? '');
    });
  });
  return [...pages, ...listed];
}
