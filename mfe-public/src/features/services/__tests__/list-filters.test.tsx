import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, currentLocation, mealTypes, mockApi, renderRoutes, serviceCard, serviceList, unavailable } from '../../../testing/render-routes';
import { asTheBrowserDoes, heldAnswer, pick } from '../../../testing/slow-answers';
import { LIST_NOT_UPDATED_TEXT } from '../components/service-grid';

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

/** Each control of the filters: how a visitor makes its choice, how the form shows it (and shows it not), and what the URL then says. */
const CONTROLS = [
  {
    control: 'a meal type box',
    choose: (form: HTMLElement) => within(form).getByRole('checkbox', { name: /^Keto/ }).click(),
    shown: (form: HTMLElement) => (within(form).getByRole('checkbox', { name: /^Keto/ }) as HTMLInputElement).checked,
    query: 'meal=keto',
  },
  {
    control: 'a delivery box',
    choose: (form: HTMLElement) =>
      within(form)
        .getByRole('checkbox', { name: /^Ships nationwide/ })
        .click(),
    shown: (form: HTMLElement) => (within(form).getByRole('checkbox', { name: /^Ships nationwide/ }) as HTMLInputElement).checked,
    query: 'delivery=ships',
  },
  {
    control: 'the price',
    choose: (form: HTMLElement) => pick(within(form).getByRole('combobox', { name: 'Price per meal' }), '12'),
    shown: (form: HTMLElement) => (within(form).getByRole('combobox', { name: 'Price per meal' }) as HTMLSelectElement).value === '12',
    query: 'price=12',
  },
  {
    control: 'the rating',
    choose: (form: HTMLElement) => pick(within(form).getByRole('combobox', { name: 'Rating' }), '4'),
    shown: (form: HTMLElement) => (within(form).getByRole('combobox', { name: 'Rating' }) as HTMLSelectElement).value === '4',
    query: 'rating=4',
  },
  {
    control: 'the order',
    choose: (form: HTMLElement) => pick(within(form).getByRole('combobox', { name: 'Sort by' }), 'rating'),
    shown: (form: HTMLElement) => (within(form).getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value === 'rating',
    query: 'sort=rating',
  },
];

describe('a choice in the filters while the list answers slowly', () => {
  const before = [serviceCard({ name: 'Plain One', slug: 'plain-one' })];
  const after = [serviceCard({ name: 'Chosen One', slug: 'chosen-one' })];

  it.each(CONTROLS)('when a visitor chooses $control and the next list is slow, then the choice shows at once and stays until the list comes', async ({ choose, shown, query }) => {
    const slow = heldAnswer();
    const fetch = mockApi({
      [SERVICES]: [
        { status: 200, body: listed(before) },
        { status: 200, body: listed(after), after: slow.after },
      ],
    });
    renderRoutes('/services-by-name');
    const form = await screen.findByRole('form', { name: 'Filter services' });
    expect(shown(form)).toBe(false);

    await asTheBrowserDoes(() => choose(form));
    // Once the click is handled, before React renders anything later (a busy machine's wait).
    expect(shown(form)).toBe(true);
    await waitFor(() => expect(callsTo(fetch, SERVICES)).toHaveLength(2));
    await waitFor(() => expect(currentLocation()).toBe(`/services-by-name?${query}`));
    // The list asked for has not come: the last one stays, and so does the choice.
    expect(screen.getByRole('link', { name: 'Plain One' })).toBeInTheDocument();
    expect(shown(form)).toBe(true);

    slow.release();
    expect(await screen.findByRole('link', { name: 'Chosen One' })).toBeInTheDocument();
    expect(shown(screen.getByRole('form', { name: 'Filter services' }))).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(CONTROLS)('when a visitor chooses $control and the next list fails, then the choice is put back, with a message, over the list as it was', async ({ choose, shown, query }) => {
    const failing = heldAnswer();
    const fetch = mockApi({
      [SERVICES]: [
        { status: 200, body: listed(before) },
        { ...unavailable, after: failing.after },
        { status: 200, body: listed(after) },
      ],
    });
    renderRoutes('/services-by-name');
    const form = await screen.findByRole('form', { name: 'Filter services' });

    await asTheBrowserDoes(() => choose(form));
    await waitFor(() => expect(callsTo(fetch, SERVICES)).toHaveLength(2));
    failing.release();

    expect(await screen.findByRole('alert')).toHaveTextContent(LIST_NOT_UPDATED_TEXT);
    await waitFor(() => expect(currentLocation()).toBe('/services-by-name'));
    expect(shown(screen.getByRole('form', { name: 'Filter services' }))).toBe(false);
    expect(screen.getByRole('link', { name: 'Plain One' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

    // The same choice again is asked again (and answered this time); the message goes.
    await asTheBrowserDoes(() => choose(screen.getByRole('form', { name: 'Filter services' })));
    expect(await screen.findByRole('link', { name: 'Chosen One' })).toBeInTheDocument();
    expect(callsTo(fetch, SERVICES)).toHaveLength(3);
    expect(currentLocation()).toBe(`/services-by-name?${query}`);
    expect(shown(screen.getByRole('form', { name: 'Filter services' }))).toBe(true);
    expect(screen.queryByText(LIST_NOT_UPDATED_TEXT)).not.toBeInTheDocument();
  });
});
