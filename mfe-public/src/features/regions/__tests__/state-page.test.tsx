import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, regions, renderRoutes, unavailable } from '../../../testing/render-routes';

describe('state page', () => {
  it('when the state exists, then its heading and page title name it', async () => {
    mockApi({ '/api/catalog/regions/new-york': { status: 200, body: regions.newYork } });
    renderRoutes('/state/new-york');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep Services in New York' })).toBeInTheDocument();
    expect(document.title).toBe('Meal Prep Services in New York | Meal Prep Directory');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('New York');
  });

  it('when the state is unknown, then State Not Found shows with a way home', async () => {
    mockApi({
      '/api/catalog/regions/atlantis': { status: 404, body: { error: { code: 'not_found', message: 'No such region.' } } },
    });
    renderRoutes('/state/atlantis');

    expect(await screen.findByRole('heading', { level: 1, name: 'State Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The state you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('State Not Found | Meal Prep Directory');
  });

  it('when the slug cannot be a state, then State Not Found shows without asking the server', async () => {
    const fetch = mockApi({});
    renderRoutes('/state/Not%20A%20State');
    expect(await screen.findByRole('heading', { level: 1, name: 'State Not Found' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when the catalog is unavailable, then Try again refetches the state', async () => {
    mockApi({ '/api/catalog/regions/new-york': [unavailable, { status: 200, body: regions.newYork }] });
    renderRoutes('/state/new-york');

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep Services in New York' })).toBeInTheDocument();
  });

  it('when a state link on the home page is followed, then the state page shows', async () => {
    mockApi({
      '/api/catalog/regions': { status: 200, body: { items: [regions.newYork] } },
      '/api/catalog/regions/new-york': { status: 200, body: regions.newYork },
    });
    renderRoutes('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Meal Prep in New York' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep Services in New York' })).toBeInTheDocument();
  });
});
