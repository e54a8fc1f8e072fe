import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, currentLocation, mealTypes, mockApi, renderRoutes, serviceCard, serviceList } from '../../../testing/render-routes';

const SERVICES = '/api/catalog/services';
const FACETS = {
  meal: { keto: 3, 'high-protein': 1, vegan: 0 },
  delivery: { local: 2, pickup: 0, ships: 1 },
  price: { '8': 0, '10': 1, '12': 2, '15': 3, '20': 3 },
  rating: { '3': 3, '4': 2, '4.5': 1 },
  pause: 2,
  allergen: { 'gluten-free': 1, 'dairy-free': 0, 'nut-free': 0, 'soy-free': 0, 'egg-free': 0, 'shellfish-free': 0 },
};
const listed = (items: unknown[]) => ({ ...serviceList(items), facets: FACETS });
const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '';
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';

describe('filters on a list of services', () => {
  it('when a visitor opens a list, then the filters show how many listings each choice leaves; choosing one puts it in the URL and asks the catalogue for it', async () => {
    const fetch = mockApi({
      [SERVICES]: { status: 200, body: listed([serviceCard({ name: 'Keto One', slug: 'keto-one' })]) },
      '/api/catalog/meal-types': { status: 200, body: { items: [mealTypes.keto, mealTypes.highProtein] } },
    });
    renderRoutes('/services-by-name');
    const form = await screen.findByRole('form', { name: 'Filter services' });
    expect(within(form).getByRole('checkbox', { name: 'Keto (3)' })).not.toBeChecked();
    // A meal type no listing of the list has is not offered.
    expect(within(form).queryByRole('checkbox', { name: /Vegan/ })).not.toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Ships nationwide (1)' })).toBeInTheDocument();
    expect(within(form).getByRole('option', { name: 'Up to $12 (2)' })).toBeInTheDocument();
    expect(within(form).getByRole('option', { name: '4.5 stars and up (1)' })).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Pause or skip any time (2)' })).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Gluten-free (1)' })).toBeInTheDocument();
    expect(callsTo(fetch, SERVICES)[0]!.searchParams.get('facets')).toBe('true');
    expect(robots()).not.toContain('noindex');

    await userEvent.click(within(form).getByRole('checkbox', { name: 'Keto (3)' }));
    await waitFor(() => expect(currentLocation()).toBe('/services-by-name?meal=keto'));
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Price per meal' }), '12');
    await waitFor(() => expect(currentLocation()).toBe('/services-by-name?meal=keto&price=12'));
    await waitFor(() => expect(callsTo(fetch, SERVICES).at(-1)!.searchParams.toString()).toContain('meal=keto&price=12'));
    expect(within(form).getByRole('checkbox', { name: 'Keto (3)' })).toBeChecked();
    // A filtered variant is not indexed; its canonical address is the plain list's.
    await waitFor(() => expect(robots()).toContain('noindex'));
    expect(canonical()).toMatch(/\/services-by-name$/);
  });

  it('when the URL carries filters (a shared link), then they are set, the catalogue is asked for them, and "Clear filters" goes back to the plain list', async () => {
    const fetch = mockApi({ [SERVICES]: { status: 200, body: listed([serviceCard({ name: 'Keto One', slug: 'keto-one' })]) } });
    renderRoutes('/services-by-name?meal=keto&delivery=ships&delivery=local&price=12&rating=4&pause=yes&allergen=gluten-free&sort=rating&page=1');
    const form = await screen.findByRole('form', { name: 'Filter services' });
    expect(within(form).getByRole('checkbox', { name: /^keto/i })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /^Ships nationwide/ })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /^Local delivery/ })).toBeChecked();
    expect(within(form).getByRole('combobox', { name: 'Price per meal' })).toHaveValue('12');
    expect(within(form).getByRole('combobox', { name: 'Rating' })).toHaveValue('4');
    expect(within(form).getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
    expect(within(form).getByRole('checkbox', { name: /^Pause or skip/ })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /^Gluten-free/ })).toBeChecked();
    const asked = callsTo(fetch, SERVICES)[0]!.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ meal: 'keto', delivery: 'local,ships', price: '12', rating: '4', pause: 'yes', allergen: 'gluten-free', sort: 'rating' });
    await userEvent.click(within(form).getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/services-by-name'));
    expect(within(form).getByRole('checkbox', { name: /^keto/i })).not.toBeChecked();
  });

  it('when the filters leave nothing, then the list says so and the filters stay to change; values no filter has are ignored', async () => {
    const fetch = mockApi({ [SERVICES]: { status: 200, body: listed([]) } });
    renderRoutes('/services-by-name?price=7&rating=six&delivery=teleport&meal=keto');
    expect(await screen.findByText('No services match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Filter services' })).toBeInTheDocument();
    expect(screen.queryByText('No services found yet. Be the first to add your service!')).not.toBeInTheDocument();
    const asked = Object.fromEntries(callsTo(fetch, SERVICES)[0]!.searchParams);
    expect(asked.meal).toBe('keto');
    expect(asked).not.toHaveProperty('price');
    expect(asked).not.toHaveProperty('rating');
    expect(asked).not.toHaveProperty('delivery');
  });

  it('when a search is filtered, then the form keeps its words', async () => {
    mockApi({ [SERVICES]: { status: 200, body: listed([serviceCard({ name: 'Keto One', slug: 'keto-one' })]) } });
    renderRoutes('/find-service?q=keto');
    const form = await screen.findByRole('form', { name: 'Filter services' });
    await userEvent.click(within(form).getByRole('checkbox', { name: /^Pause or skip/ }));
    await waitFor(() => expect(currentLocation()).toBe('/find-service?q=keto&pause=yes'));
  });
});
