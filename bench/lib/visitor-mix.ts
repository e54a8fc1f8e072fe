/**
 * The visitor mix of the load benchmarks (visitor-load, instances): home, state, find, A–Z, service
 * and article pages, and the public API's lists, searches and reads, over the site's own services
 * and articles.
 */
export async function visitorMix(siteUrl: string): Promise<string[]> {
  const get = async <T>(path: string) => (await (await fetch(`${siteUrl}${path}`)).json()) as T;
  const services = (await get<{ items: Array<{ slug: string }> }>('/api/catalog/services?pageSize=24')).items.map((s) => s.slug);
  const articles = (await get<{ items: Array<{ slug: string }> }>('/api/catalog/articles')).items.map((a) => a.slug);
  return [
    '/',
    '/state/texas',
    '/find-service',
    '/services-by-name',
    `/service/${services[0]}`,
    '/articles',
    `/articles/${articles[0]}`,
    '/api/catalog/regions',
    '/api/catalog/regions/counts',
    '/api/catalog/meal-types',
    '/api/media/banners',
    '/api/catalog/services?featured=true',
    '/api/catalog/services?state=texas',
    '/api/catalog/services?state=california&page=2',
    '/api/catalog/services?mealType=keto',
    '/api/catalog/services?shipping=true',
    '/api/catalog/services?q=fresh',
    '/api/catalog/services?q=keto%20austin',
    ...services.slice(0, 12).map((slug) => `/api/catalog/services/by-slug/${slug}`),
    '/api/catalog/articles',
    ...articles.slice(0, 4).map((slug) => `/api/catalog/articles/${slug}`),
  ];
}
