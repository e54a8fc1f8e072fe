import { screen } from '@testing-library/react';
import { mockApi, regions, renderRoutes } from '../../../testing/render-routes';

describe('services by state', () => {
  it('when states and counts load, then every state links to its page with its number of services', async () => {
    mockApi({
      '/api/catalog/regions': { status: 200, body: { items: [regions.alabama, regions.districtOfColumbia, regions.newYork] } },
      '/api/catalog/regions/counts': { status: 200, body: { counts: { 'new-york': 3, alabama: 1 } } },
    });
    renderRoutes('/services-by-state');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep Services by State' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'New York, 3 services' })).toHaveAttribute('href', '/state/new-york');
    expect(screen.getByRole('link', { name: 'Alabama, 1 service' })).toHaveAttribute('href', '/state/alabama');
    expect(screen.getByRole('link', { name: 'District of Columbia, 0 services' })).toHaveAttribute('href', '/state/district-of-columbia');
    expect(document.title).toBe('Meal Prep Services by State | Meal Prep Directory');
  });

  it('when the counts cannot be loaded, then an error with Try again shows', async () => {
    mockApi({
      '/api/catalog/regions': { status: 200, body: { items: [regions.alabama] } },
      '/api/catalog/regions/counts': { status: 503, body: { error: { code: 'service_unavailable', message: 'Down.' } } },
    });
    renderRoutes('/services-by-state');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
