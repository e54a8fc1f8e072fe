import { screen, within } from '@testing-library/react';
import { mockApi, regions, renderRoutes } from '../../../testing/render-routes';

describe('services by state', () => {
  it('when states and counts load, then every state links to its page with its number of services', async () => {
    mockApi({
      '/api/catalog/regions': { status: 200, body: { items: [regions.alabama, regions.districtOfColumbia, regions.newYork] } },
      '/api/catalog/regions/counts': { status: 200, body: { counts: { 'new-york': 3, alabama: 1 } } },
    });
    renderRoutes('/services-by-state');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep Services by State' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'All States' });
    expect(await within(list).findByRole('link', { name: 'New York, 3 services' })).toHaveAttribute('href', '/state/new-york');
    expect(within(list).getByRole('link', { name: 'Alabama, 1 service' })).toHaveAttribute('href', '/state/alabama');
    expect(within(list).getByRole('link', { name: 'District of Columbia, 0 services' })).toHaveAttribute('href', '/state/district-of-columbia');
    expect(document.title).toBe('Meal Prep Services by State | Meal Prep Directory');
  });

  it('when states and counts load, then the map shades each state by its count, links it to its page and has a legend', async () => {
    mockApi({
      '/api/catalog/regions': { status: 200, body: { items: [regions.alabama, regions.districtOfColumbia, regions.newYork] } },
      '/api/catalog/regions/counts': { status: 200, body: { counts: { 'new-york': 40, alabama: 6 } } },
    });
    renderRoutes('/services-by-state');
    const map = await screen.findByRole('group', { name: 'Map of meal prep services by state' });
    expect(map).toHaveAccessibleDescription(/shaded by how many meal prep services it has/);
    const shape = (name: string) => within(map).getByRole('link', { name }).querySelector('use')!;
    expect(within(map).getByRole('link', { name: 'New York, 40 services' })).toHaveAttribute('href', '/state/new-york');
    expect(shape('New York, 40 services')).toHaveAttribute('href', '/maps/us-states.svg#new-york');
    // 40 is the most: the darkest shade; 6 is in the third (5–9, from an eighth to a quarter of 40); none is grey.
    expect(shape('New York, 40 services').getAttribute('class')).toContain('fill-emerald-800');
    expect(shape('Alabama, 6 services').getAttribute('class')).toContain('fill-emerald-400');
    expect(shape('District of Columbia, 0 services').getAttribute('class')).toContain('fill-gray-200');
    const legend = within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem');
    expect(legend.map((item) => item.textContent)).toEqual(['None', '1–4', '5–9', '10–19', '20+']);
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
