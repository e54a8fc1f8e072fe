import { screen, within } from '@testing-library/react';
import { callsTo, mockApi, regions, renderRoutes, serviceCard, serviceList } from '../../../testing/render-routes';

const austin = { slug: 'austin', name: 'Austin', count: 2, state: { slug: 'texas', name: 'Texas', code: 'TX' } };
const texas = { ...regions.newYork, slug: 'texas', name: 'Texas' };

describe('city pages', () => {
  it('when a state has cities with services, then its page links each one with its count', async () => {
    mockApi({
      '/api/catalog/regions/texas': { status: 200, body: texas },
      '/api/catalog/regions/texas/cities': { status: 200, body: { items: [austin, { slug: 'el-paso', name: 'El Paso', count: 1 }] } },
      '/api/catalog/services': { status: 200, body: serviceList([]) },
    });
    renderRoutes('/state/texas');
    const cities = await screen.findByRole('region', { name: 'Cities in Texas' });
    expect(within(cities).getByRole('link', { name: 'Austin, (2 services)' })).toHaveAttribute('href', '/state/texas/austin');
    expect(within(cities).getByRole('link', { name: 'El Paso, (1 service)' })).toHaveAttribute('href', '/state/texas/el-paso');
  });

  it('when a city page opens, then it names the city and state, lists the services based there and links back to the state', async () => {
    const fetch = mockApi({
      '/api/catalog/regions/texas/cities/austin': { status: 200, body: austin },
      '/api/catalog/services': { status: 200, body: serviceList([serviceCard({ name: 'Barton Bowls', slug: 'barton-bowls', city: 'Austin', state: 'Texas' })]) },
    });
    renderRoutes('/state/texas/austin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep in Austin, TX' })).toBeInTheDocument();
    expect(document.title).toBe('Meal Prep in Austin, TX | Meal Prep Directory');
    expect(await screen.findByRole('heading', { level: 3, name: 'Barton Bowls' })).toBeInTheDocument();
    const asked = callsTo(fetch, '/api/catalog/services')[0]!;
    expect(asked.searchParams.get('state')).toBe('texas');
    expect(asked.searchParams.get('city')).toBe('austin');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Texas' })).toHaveAttribute('href', '/state/texas');
    expect(screen.getByRole('link', { name: 'See every service that reaches Austin' })).toHaveAttribute('href', '/near/Austin%2C%20TX');
    const structured = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '{}') as { '@type': string; itemListElement: Array<{ name: string }> },
    );
    expect(structured.find((s) => s['@type'] === 'BreadcrumbList')?.itemListElement.map((c) => c.name)).toEqual(['Home', 'Services by State', 'Texas', 'Austin']);
    expect(structured.find((s) => s['@type'] === 'ItemList')?.itemListElement.map((c) => c.name)).toEqual(['Barton Bowls']);
  });

  it('when the city has no listed service, then City Not Found leads to the state', async () => {
    mockApi({ '/api/catalog/regions/texas/cities/marfa': { status: 404, body: { error: { code: 'not_found', message: 'There is no listed service in "marfa".' } } } });
    renderRoutes('/state/texas/marfa');
    expect(await screen.findByRole('heading', { level: 1, name: 'City Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the whole state' })).toHaveAttribute('href', '/state/texas');
    expect(document.title).toBe('City Not Found | Meal Prep Directory');
  });

  it('when the city in the address cannot be one, then City Not Found shows without asking the server', async () => {
    const fetch = mockApi({});
    renderRoutes('/state/texas/Not%20A%20City');
    expect(await screen.findByRole('heading', { level: 1, name: 'City Not Found' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
