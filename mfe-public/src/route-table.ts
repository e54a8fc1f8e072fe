import { matchRoute, publicRouteOf, sitemapPaths as sitemapOf, SERVICE_GRID_PAGE_SIZE, type ReadTemplate, type RouteEntry, type RouteManifest, type SitemapList } from '@mealprep/contracts/browser';

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

export interface PublicRoute extends RouteEntry {
  /**
   * The page component's export in its chunk. What the page reads, known from its URL, is its
   * component's entry in page-reads.ts: the server render reads it all at once, then renders the
   * page once. `reads` says the same as data (the API paths, as the browser asks for them), for
   * the gateway's preloads: the release carries it in routes.json, and a test keeps both equal.
   */
  component: string;
  chunk: PageChunk | null;
}

// Reads many pages make: the meal types' labels on every card, and each list's page of cards with
// the visitor's filters, order and page, and each filter's counts.
const LABELS: ReadTemplate = { path: '/catalog/meal-types' };
const list = (base: Array<[string, string]>, when?: string): ReadTemplate => ({
  path: '/catalog/services',
  query: [...base, '$listFilters', ['sort', '$sort'], ['facets', 'true'], ['page', '$page'], ['pageSize', String(SERVICE_GRID_PAGE_SIZE)]],
  ...(when ? { when } : {}),
});
const NEAR: ReadTemplate[] = [
  LABELS,
  {
    path: '/catalog/services/near',
    when: '$place',
    query: [
      ['place', '$place'],
      ['radius', '$radius'],
      ['mealType', '$nearMealType'],
      ['delivery', '$nearDelivery'],
      '$nearFilters',
      ['facets', 'true'],
      ['page', '$page'],
      ['shipPage', '$shipPage'],
      ['pageSize', String(SERVICE_GRID_PAGE_SIZE)],
    ],
  },
];
const REGIONS = [{ path: '/catalog/regions' }, { path: '/catalog/regions/counts' }];

/**
 * Every public page, declared once: its path, its page component (and so its chunk), what its
 * parameters may be, whether and how it is in the sitemap, and the data it reads. The routes the
 * browser and the server render mount, the server render's reads, and (through routes.json in the
 * release) the gateway's preloads, its 404 for a page the browser renders and the sitemap all come
 * from here. Adding a page is one entry here and its component.
 */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: '/',
    component: 'HomePage',
    chunk: null,
    sitemap: 'page',
    reads: [
      { path: '/media/banners' },
      {
        path: '/catalog/services',
        query: [
          ['featured', 'true'],
          ['page', '1'],
          ['pageSize', '60'],
        ],
      },
      ...REGIONS,
    ],
  },
  { path: '/find-service', component: 'FindServicePage', chunk: 'page-find-service-page', sitemap: 'page', reads: [LABELS, list([['q', '$q']], '$q')] },
  { path: '/services-by-state', component: 'ServicesByStatePage', chunk: 'page-services-by-state-page', sitemap: 'page', reads: REGIONS },
  {
    path: '/state/:stateSlug',
    component: 'StatePage',
    chunk: 'page-state-page',
    params: { stateSlug: 'slug' },
    sitemap: 'states',
    reads: [{ path: '/catalog/regions/{stateSlug}' }, { path: '/catalog/regions/{stateSlug}/cities' }, LABELS, list([['state', '{stateSlug}']])],
  },
  {
    path: '/state/:stateSlug/:citySlug',
    component: 'CityServicesPage',
    chunk: 'page-state-page',
    params: { stateSlug: 'slug', citySlug: 'slug' },
    sitemap: 'cities',
    reads: [
      { path: '/catalog/regions/{stateSlug}/cities/{citySlug}' },
      LABELS,
      list([
        ['state', '{stateSlug}'],
        ['city', '{citySlug}'],
      ]),
    ],
  },
  { path: '/services-that-ship', component: 'ServicesThatShipPage', chunk: 'page-services-that-ship-page', sitemap: 'page', reads: [LABELS, list([['shipping', 'true']])] },
  { path: '/services-by-meal-type', component: 'ServicesByMealTypePage', chunk: 'page-services-by-meal-type-page', sitemap: 'page', reads: [LABELS] },
  {
    path: '/meal-type/:mealTypeSlug',
    component: 'MealTypePage',
    chunk: 'page-meal-type-page',
    params: { mealTypeSlug: 'slug' },
    sitemap: 'mealTypes',
    reads: [{ path: '/catalog/meal-types/{mealTypeSlug}' }, LABELS, list([['mealType', '{mealTypeSlug}']])],
  },
  { path: '/services-by-name', component: 'ServicesByNamePage', chunk: 'page-services-by-name-page', sitemap: 'page', reads: [LABELS, list([])] },
  {
    path: '/service/:serviceSlug',
    component: 'ServicePage',
    chunk: 'page-service-page',
    params: { serviceSlug: 'slug' },
    sitemap: 'services',
    reads: [
      { path: '/catalog/services/by-slug/{serviceSlug}' },
      { path: '/catalog/services/by-slug/{serviceSlug}/nearby' },
      LABELS,
      { path: '/catalog/services/by-slug/{serviceSlug}/reviews', query: [['page', '$reviewsPage']] },
    ],
  },
  // A listing's quote form on a page of its own (it works without JavaScript), and where a request sent from it stands: not indexed.
  {
    path: '/service/:serviceSlug/quote',
    component: 'QuotePage',
    chunk: 'page-service-page',
    params: { serviceSlug: 'slug' },
    reads: [{ path: '/catalog/services/by-slug/{serviceSlug}' }, { path: '/catalog/services/by-slug/{serviceSlug}/lead-form' }, LABELS],
  },
  { path: '/service/:serviceSlug/quote/sent', component: 'QuoteSentPage', chunk: 'page-service-page', params: { serviceSlug: 'slug' }, reads: [{ path: '/catalog/services/by-slug/{serviceSlug}' }] },
  // The page the delete link in a visitor's copy of their request opens.
  { path: '/quote-requests/delete', component: 'QuoteDeletePage', chunk: 'page-service-page' },
  // Side by side: not indexed (any mix of listings), so not in the sitemap.
  {
    path: '/compare',
    component: 'ComparePage',
    chunk: 'page-compare-page',
    reads: [
      LABELS,
      {
        path: '/catalog/services/compare',
        when: '$compared',
        query: [
          ['s', '$compared'],
          ['place', '$comparePlace'],
        ],
      },
    ],
  },
  // /near?place=… is what the search form sends without JavaScript (the gateway sends it on to /near/{place}).
  { path: '/near', component: 'NearPage', chunk: 'page-near-page', reads: NEAR },
  { path: '/near/:place', component: 'NearPage', chunk: 'page-near-page', params: { place: 'text' }, reads: NEAR },
  { path: '/articles', component: 'ArticlesPage', chunk: 'page-articles-page', sitemap: 'page', reads: [{ path: '/catalog/articles' }] },
  { path: '/articles/:slug', component: 'ArticlePage', chunk: 'page-articles-page', params: { slug: 'slug' }, sitemap: 'articles', reads: [{ path: '/catalog/articles/{slug}' }] },
  { path: '/about', component: 'AboutPage', chunk: 'page-info-pages', sitemap: 'page' },
  { path: '/add-your-service', component: 'AddYourServicePage', chunk: 'page-form-pages', sitemap: 'page' },
  { path: '/paperform', component: 'PaperformPage', chunk: 'page-form-pages' },
  { path: '/paperform/:formId', component: 'PaperformPage', chunk: 'page-form-pages', params: { formId: 'text' } },
  { path: '/terms-of-service', component: 'TermsPage', chunk: 'page-info-pages' },
  { path: '/privacy-policy', component: 'PrivacyPage', chunk: 'page-info-pages' },
];

/** The route a path is, with its parameters decoded (as the router gives them to the page), or null. */
export const matchPublicRoute = (pathname: string) => matchRoute(PUBLIC_ROUTES, pathname);

/** Whether a path is a page that may exist: a route, each parameter what it may be (the page itself may still find nothing). */
export const isPublicPage = (pathname: string): boolean => publicRouteOf(PUBLIC_ROUTES, pathname) !== null;

/** Every page worth indexing, from the catalogue's lists (the gateway makes the sitemap so from routes.json). */
export const sitemapPaths = (lists: Record<SitemapList, readonly string[]>): string[] => sitemapOf(PUBLIC_ROUTES, lists);

/** The chunk of the page at a path, or null (the home page is in the routes chunk; no route, the not-found page). */
export function pageChunk(pathname: string): PageChunk | null {
  return matchPublicRoute(pathname)?.route.chunk ?? null;
}

/** Whether the page at a path answers 200 whatever its data says (a route without parameters). */
export function fixedStatus(pathname: string): boolean {
  const found = matchPublicRoute(pathname);
  return found !== null && !found.route.path.includes(':');
}

/** The routes as the release carries them (routes.json): what the gateway needs, without the components. */
export function routeManifest(): RouteManifest {
  return { routes: PUBLIC_ROUTES.map(({ component: _component, ...route }) => route) };
}
