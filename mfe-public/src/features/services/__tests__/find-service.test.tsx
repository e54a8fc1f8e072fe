import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesTo, callsTo, currentLocation, manyServices, mockApi, renderRoutes, serviceCard, serviceList } from '../../../testing/render-routes';

const SERVICES = '/api/catalog/services';

describe('find a service', () => {
  it('when opened, then three ways to browse and Add Your Service are offered, and nothing is searched', async () => {
    const fetch = mockApi({});
    renderRoutes('/find-service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a Service' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Browse by State/ })).toHaveAttribute('href', '/services-by-state');
    expect(screen.getByRole('link', { name: /Browse by Meal Type/ })).toHaveAttribute('href', '/services-by-meal-type');
    expect(screen.getByRole('link', { name: /Services That Ship/ })).toHaveAttribute('href', '/services-that-ship');
    expect(screen.getByRole('link', { name: 'Add Your Service' })).toHaveAttribute('href', '/add-your-service');
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveAttribute('placeholder', 'Search by name, city, state or meal type');
    expect(callsTo(fetch, SERVICES)).toHaveLength(0);
  });

  it('when a search is submitted, then the query goes into the URL and matching services show with a count', async () => {
    const fetch = mockApi({
      [SERVICES]: { status: 200, body: serviceList(manyServices(6), { total: 9, page: 1, pageCount: 2 }) },
    });
    renderRoutes('/find-service');
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search services' }), 'keto');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('9 services match "keto"')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Service 01' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/find-service?q=keto');
    expect(callsTo(fetch, SERVICES)[0]!.searchParams.get('q')).toBe('keto');
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('href', '/find-service?q=keto&page=2');
  });

  it('when the URL holds a query and a page, then that page of results shows and the box holds the query', async () => {
    const fetch = mockApi({
      [SERVICES]: { status: 200, body: serviceList([serviceCard({ name: 'Keto Co' })], { total: 7, page: 2, pageCount: 2 }) },
    });
    renderRoutes('/find-service?q=keto&page=2');
    expect(await screen.findByRole('link', { name: 'Keto Co' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveValue('keto');
    const query = callsTo(fetch, SERVICES)[0]!.searchParams;
    expect(query.get('q')).toBe('keto');
    expect(query.get('page')).toBe('2');
  });

  it('when nothing matches, then "No services match" names the query, and the search that found nothing is reported for the admins', async () => {
    const fetch = mockApi({ [SERVICES]: { status: 200, body: serviceList([]) } });
    renderRoutes('/find-service?q=sushi');
    expect(await screen.findByText('No services match "sushi".')).toBeInTheDocument();
    await waitFor(() => expect(bodiesTo(fetch, '/api/catalog/insights/events')).toEqual([{ metric: 'empty-search', term: 'sushi' }]));
  });

  it('when services match, then the listings shown are reported as search appearances, once', async () => {
    const shown = [serviceCard({ name: 'Keto Co' }), serviceCard({ name: 'Keto Two' })];
    const fetch = mockApi({ [SERVICES]: { status: 200, body: serviceList(shown) } });
    renderRoutes('/find-service?q=keto');
    expect(await screen.findByRole('link', { name: 'Keto Co' })).toBeInTheDocument();
    await waitFor(() => expect(bodiesTo(fetch, '/api/catalog/insights/events')).toEqual([{ metric: 'search', serviceIds: shown.map((s) => s.id) }]));
  });

  it('when one service matches, then the count is singular', async () => {
    mockApi({ [SERVICES]: { status: 200, body: serviceList([serviceCard()]) } });
    renderRoutes('/find-service?q=fit');
    expect(await screen.findByText('1 service matches "fit"')).toBeInTheDocument();
  });

  it('when the URL holds huge or odd values, then the query is cut to 100 characters and the page is 1', async () => {
    const fetch = mockApi({ [SERVICES]: { status: 200, body: serviceList([]) } });
    const q = `$where.*(${'a'.repeat(10_000)}`;
    renderRoutes(`/find-service?q=${encodeURIComponent(q)}&page=${'9'.repeat(10_000)}`);
    expect(await screen.findByText(/No services match/)).toBeInTheDocument();
    const query = callsTo(fetch, SERVICES)[0]!.searchParams;
    expect(query.get('q')).toBe(q.slice(0, 100));
    expect(query.get('page')).toBe('1');
  });

  it('when the API refuses the query, then the no-match text shows instead of an error', async () => {
    mockApi({ [SERVICES]: { status: 400, body: { error: { code: 'bad_request', message: 'Bad query.' } } } });
    renderRoutes('/find-service?q=x');
    expect(await screen.findByText('No services match "x".')).toBeInTheDocument();
  });
});
