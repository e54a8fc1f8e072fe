import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, mockApi, regions, renderRoutes, unavailable } from '../../../testing/render-routes';

describe('home page', () => {
  it('when the regions load, then every state links to its page as "Meal Prep in {state}"', async () => {
    mockApi({
      '/api/catalog/regions': {
        status: 200,
        body: { items: [regions.alabama, regions.districtOfColumbia, regions.newYork] },
      },
    });
    renderRoutes('/');

    expect(screen.getByRole('heading', { level: 1, name: 'Meals Prepped & Delivered Locally' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Browse by State' });
    expect(await within(section).findByRole('link', { name: 'Meal Prep in New York' })).toHaveAttribute('href', '/state/new-york');
    expect(within(section).getByRole('link', { name: 'Meal Prep in Alabama' })).toHaveAttribute('href', '/state/alabama');
    expect(within(section).getByRole('link', { name: 'Meal Prep in District of Columbia' })).toHaveAttribute('href', '/state/district-of-columbia');
    expect(document.title).toBe('Meal Prep Directory — Find meal prep services near you');
  });

  it('when the regions are still loading, then the grid says Loading…', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderRoutes('/');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  it('when the catalog is unavailable, then an error with Try again shows, and retrying loads the states', async () => {
    const fetch = mockApi({
      '/api/catalog/regions': [unavailable, { status: 200, body: { items: [regions.newYork] } }],
    });
    renderRoutes('/');

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('We could not load this right now. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: 'Meal Prep in New York' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(callsTo(fetch, '/api/catalog/regions')).toHaveLength(2);
  });

  it('when the network is down, then the same error state shows instead of a blank page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderRoutes('/');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
