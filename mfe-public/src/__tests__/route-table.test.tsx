import { apiPathOf } from '@mealprep/api-client';
import { mockApi } from '@mealprep/api-client/testing';
import { QueryClient } from '@mealprep/query';
import { PAGE_READS, pageQueries } from '../page-reads';
import { readsOf, RouteManifestSchema } from '@mealprep/contracts';
import { fixedStatus, isPublicPage, matchPublicRoute, PUBLIC_ROUTES, routeManifest, sitemapPaths } from '../route-table';
import { CHUNKS } from '../routes';

/** One URL of every route, and variants that change what a page reads. */
const URLS = [
  '/',
  '/find-service',
  '/find-service?q=keto%20bowls&page=2',
  '/services-by-state',
  '/state/texas',
  '/state/texas?page=3',
  '/state/texas/austin',
  '/services-that-ship',
  '/services-by-meal-type',
  '/meal-type/keto',
  '/services-by-name?page=2',
  '/service/green-fork-kitchen',
  '/service/green-fork-kitchen/quote',
  '/service/green-fork-kitchen/quote/sent?outcome=held',
  '/quote-requests/delete?token=abc',
  '/compare?s=green-fork-kitchen,basil-box&place=78701',
  '/near',
  '/near?place=78701',
  '/near/Austin%2C%20TX?radius=50&delivery=pickup&mealType=keto',
  '/articles',
  '/articles/keto-basics',
  '/about',
  '/add-your-service',
  '/paperform',
  '/paperform/abc123',
  '/terms-of-service',
  '/privacy-policy',
];

describe('the public route table', () => {
  it("when the pages' reads are listed, then each is a page component of the table (a misspelt name would read nothing before the render)", () => {
    const components = new Set(PUBLIC_ROUTES.map((route) => route.component));
    expect(Object.keys(PAGE_READS).filter((name) => !components.has(name))).toEqual([]);
  });

  it('when a URL of every route is read, then each read names the API path it fetches, exactly as it fetches it', async () => {
    // Every route is among the URLs.
    expect(PUBLIC_ROUTES.filter((route) => !URLS.some((url) => matchPublicRoute(url.split('?')[0]!)?.route === route)).map((route) => route.path)).toEqual([]);
    let checked = 0;
    for (const url of URLS) {
      const [pathname = '', search = ''] = url.split('?');
      for (const query of pageQueries(pathname, new URLSearchParams(search))) {
        const fetch = mockApi({});
        const path = apiPathOf(query.meta);
        expect([url, path]).toEqual([url, expect.stringMatching(/^\/(catalog|media)\//)]);
        await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(query as never).catch(() => undefined);
        expect([url, fetch.mock.calls.map(([input]) => String(input))]).toEqual([url, [`/api${path}`]]);
        vi.unstubAllGlobals();
        checked += 1;
      }
    }
    expect(checked).toBe(45);
  });

  it('when the release carries the routes as data, then for every URL they name exactly the reads the page makes, in its order', () => {
    const { routes } = RouteManifestSchema.parse(JSON.parse(JSON.stringify(routeManifest())));
    const variants = [
      ...URLS,
      '/state/texas?meal=keto&meal=vegan&delivery=ships&price=12&rating=4.5&pause=true&allergen=nuts&sort=rating&page=2',
      '/state/texas/austin?sort=name&price=999&page=abc',
      '/find-service?q=%20%20',
      '/find-service?q=' + 'x'.repeat(150),
      '/meal-type/keto?delivery=local&page=10001',
      '/service/green-fork-kitchen?reviews=3',
      '/service/green-fork-kitchen?reviews=1',
      '/compare',
      '/compare?s=A,b,,a,c,d,e',
      '/near/78701?radius=7&delivery=nowhere&mealType=Not%20Ok&meal=keto&delivery=ships&shipPage=4',
      '/near?place=%20Austin%20&radius=100',
      '/services-that-ship?allergen=dairy',
    ];
    for (const url of variants) {
      const [pathname = '', search = ''] = url.split('?');
      const code = pageQueries(pathname, new URLSearchParams(search)).map((query) => apiPathOf(query.meta));
      expect([url, readsOf(routes, pathname, new URLSearchParams(search))]).toEqual([url, code]);
    }
  });

  it('when every route is read, then each has its page in its chunk, and the paths without parameters answer 200 whatever their data', async () => {
    for (const route of PUBLIC_ROUTES) {
      if (!route.chunk) continue;
      const loaded = (await CHUNKS[route.chunk]()) as Record<string, unknown>;
      expect([route.path, typeof loaded[route.component]]).toEqual([route.path, 'function']);
    }
    expect(PUBLIC_ROUTES.filter((route) => !route.path.includes(':')).every((route) => fixedStatus(route.path))).toBe(true);
    expect(fixedStatus('/service/green-fork-kitchen')).toBe(false);
    expect(fixedStatus('/no/such/page')).toBe(false);
  });

  it('when a path is no route, or a parameter could not be what it names, then it is no page (404); a form id and a typed place are any text', () => {
    for (const path of ['/no/such/page', '/service/%E0%A4%A', '/state/..%2F..', '/state/texas/Not%20A%20City', '/state/texas/austin/more', '/service/', '/articles/Not%20A%20Slug']) {
      expect([path, isPublicPage(path)]).toEqual([path, false]);
    }
    for (const path of ['/', '/service/green-fork-kitchen', '/state/texas/austin', '/near/Austin%2C%20TX', '/paperform', '/paperform/Ab_12', '/privacy-policy', '/terms-of-service']) {
      expect([path, isPublicPage(path)]).toEqual([path, true]);
    }
  });

  it("when the sitemap is made from the catalogue's lists, then it holds the pages worth indexing and every listed page, each at its route", () => {
    const paths = sitemapPaths({ states: ['texas'], cities: ['texas/austin'], mealTypes: ['keto'], services: ['green-fork-kitchen'], articles: ['keto-basics'] });
    expect(paths).toEqual([
      '/',
      '/find-service',
      '/services-by-state',
      '/services-that-ship',
      '/services-by-meal-type',
      '/services-by-name',
      '/articles',
      '/about',
      '/add-your-service',
      '/state/texas',
      '/state/texas/austin',
      '/meal-type/keto',
      '/service/green-fork-kitchen',
      '/articles/keto-basics',
    ]);
    expect(paths.every((path) => isPublicPage(path))).toBe(true);
  });
});
