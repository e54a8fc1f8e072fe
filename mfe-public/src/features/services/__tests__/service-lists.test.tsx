import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, currentLocation, manyServices, mealTypes, mockApi, regions, renderRoutes, serviceCard, serviceList, unavailable } from '../../../testing/render-routes';

const SERVICES = '/api/catalog/services';

describe('all services A-Z', () => {
  it('when services load, then each shows as a card under a count line, with meal type names', async () => {
    const fetch = mockApi({
      [SERVICES]: {
        status: 200,
        body: serviceList(manyServices(6), { total: 7, page: 1, pageCount: 2 }),
      },
      '/api/catalog/meal-types': { status: 200, body: { items: [mealTypes.keto, mealTypes.highProtein] } },
    });
    renderRoutes('/services-by-name');

    expect(await screen.findByRole('heading', { level: 1, name: 'All Meal Prep Services (A-Z)' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 7 services')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Service 01' })).toHaveAttribute('href', '/service/service-01');
    expect(screen.getAllByRole('article')).toHaveLength(6);
    // Heading levels go one step at a time: h1, the grid's (visually hidden) h2, the cards' h3.
    expect(screen.getByRole('heading', { level: 2, name: 'Meal prep services' })).toHaveClass('sr-only');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect((await screen.findAllByText('High Protein')).length).toBeGreaterThan(0);
    expect(document.title).toBe('All Meal Prep Services (A-Z) | Meal Prep Directory');
    const query = callsTo(fetch, SERVICES)[0]!.searchParams;
    expect(query.get('page')).toBe('1');
    expect(query.get('pageSize')).toBe('6');
  });

  it('when there is exactly one service, then the count line is singular and no pager shows', async () => {
    mockApi({ [SERVICES]: { status: 200, body: serviceList([serviceCard()]) } });
    renderRoutes('/services-by-name');
    expect(await screen.findByText('Showing 1 service')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('when Next is followed, then page 2 is asked for and kept in the URL', async () => {
    const fetch = mockApi({
      [SERVICES]: [
        { status: 200, body: serviceList(manyServices(6), { total: 8, page: 1, pageCount: 2 }) },
        { status: 200, body: serviceList(manyServices(2, 7), { total: 8, page: 2, pageCount: 2 }) },
      ],
    });
    renderRoutes('/services-by-name');
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(pager).getByRole('link', { name: 'Next' }));

    expect(await screen.findByRole('link', { name: 'Service 08' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/services-by-name?page=2');
    expect(within(pager).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(callsTo(fetch, SERVICES).at(-1)!.searchParams.get('page')).toBe('2');
  });

  it('when there are no services, then the empty text links to Add Your Service', async () => {
    mockApi({ [SERVICES]: { status: 200, body: serviceList([]) } });
    renderRoutes('/services-by-name');
    expect(await screen.findByText('No services found yet. Be the first to add your service!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your Service' })).toHaveAttribute('href', '/add-your-service');
  });

  it('when the page is past the end, then "This page does not exist." links back to page 1', async () => {
    mockApi({ [SERVICES]: { status: 200, body: serviceList([], { total: 8, page: 9, pageCount: 2 }) } });
    renderRoutes('/services-by-name?page=9');
    expect(await screen.findByText('This page does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to page 1' })).toHaveAttribute('href', '/services-by-name');
  });

  it('when the page parameter is not a positive integer, then page 1 is asked for', async () => {
    const fetch = mockApi({ [SERVICES]: { status: 200, body: serviceList([serviceCard()]) } });
    renderRoutes(`/services-by-name?page=${encodeURIComponent('-1$gt')}`);
    expect(await screen.findByText('Showing 1 service')).toBeInTheDocument();
    expect(callsTo(fetch, SERVICES)[0]!.searchParams.get('page')).toBe('1');
  });

  it('when the catalog fails, then an error with Try again shows', async () => {
    mockApi({ [SERVICES]: unavailable });
    renderRoutes('/services-by-name');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('services that ship', () => {
  it('when shipping services load, then only shipping services are asked for and shown', async () => {
    const fetch = mockApi({
      [SERVICES]: { status: 200, body: serviceList([serviceCard({ name: 'Ship Co', slug: 'ship-co', shipsDomestically: true })]) },
    });
    renderRoutes('/services-that-ship');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep Services That Ship Nationwide' })).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Ship Co' })).closest('article')!;
    expect(within(card).getByText('Ships nationwide')).toBeInTheDocument();
    expect(callsTo(fetch, SERVICES)[0]!.searchParams.get('shipping')).toBe('true');
  });

  it('when none ship, then the empty text shows', async () => {
    mockApi({ [SERVICES]: { status: 200, body: serviceList([]) } });
    renderRoutes('/services-that-ship');
    expect(await screen.findByText('No services found yet. Be the first to add your service!')).toBeInTheDocument();
  });
});

describe('state page services', () => {
  it("when the state has services, then the state's services are listed", async () => {
    const fetch = mockApi({
      '/api/catalog/regions/new-york': { status: 200, body: regions.newYork },
      [SERVICES]: { status: 200, body: serviceList([serviceCard({ name: 'NY Meals', slug: 'ny-meals' })]) },
    });
    renderRoutes('/state/new-york');
    expect(await screen.findByRole('link', { name: 'NY Meals' })).toHaveAttribute('href', '/service/ny-meals');
    expect(callsTo(fetch, SERVICES)[0]!.searchParams.get('state')).toBe('new-york');
  });

  it('when the state has no services, then the empty text links to Add Your Service', async () => {
    mockApi({
      '/api/catalog/regions/alabama': { status: 200, body: regions.alabama },
      [SERVICES]: { status: 200, body: serviceList([]) },
    });
    renderRoutes('/state/alabama');
    expect(await screen.findByText('No services found yet. Be the first to add your service!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your Service' })).toHaveAttribute('href', '/add-your-service');
  });
});
