import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, currentLocation, mockApi, renderRoutes, serviceCard, unavailable } from '../../../testing/render-routes';
import { asTheBrowserDoes, heldAnswer, pick } from '../../../testing/slow-answers';
import { LOCATION_REFUSED_TEXT } from '../components/near-search';
import { LIST_NOT_UPDATED_TEXT } from '../components/service-grid';

const NEAR = '/api/catalog/services/near';
const NEAREST = '/api/catalog/places/nearest';
const AUSTIN = { kind: 'zip', zip: '78701', city: 'Austin', state: 'TX', stateSlug: 'texas', latitude: 30.27, longitude: -97.74, label: 'Austin, TX 78701' };
const page = (items: unknown[], total = items.length, pageCount = items.length ? 1 : 0) => ({ items, total, page: 1, pageSize: 6, pageCount });

function nearResult(overrides: Record<string, unknown> = {}) {
  return {
    place: AUSTIN,
    radius: 25,
    local: page([
      serviceCard({ name: 'Congress Meals', slug: 'congress-meals', city: 'Austin', state: 'Texas', distanceMiles: 0.4, reach: 'delivers' }),
      serviceCard({ name: 'Lamar Lunches', slug: 'lamar-lunches', city: 'Austin', state: 'Texas', distanceMiles: 4.2, reach: 'pickup' }),
      serviceCard({ name: 'Round Rock Prep', slug: 'round-rock-prep', city: 'Round Rock', state: 'Texas', distanceMiles: 17.4, reach: 'nearby' }),
    ]),
    nationwide: page([serviceCard({ name: 'Coast Crate', slug: 'coast-crate', city: 'Miami', state: 'Florida', shipsDomestically: true, distanceMiles: 1110, reach: 'ships' })], 8, 2),
    ...overrides,
  };
}

describe('near me', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('when a visitor types a ZIP code on the home page, then the services near it come nearest first, each with its distance and how it reaches them', async () => {
    const fetch = mockApi({ [NEAR]: { status: 200, body: nearResult() } });
    renderRoutes('/');
    await userEvent.type(await screen.findByRole('textbox', { name: 'ZIP code or city' }), '78701');
    await userEvent.click(screen.getByRole('button', { name: 'Find nearby' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep near Austin, TX 78701' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/near/78701');
    const query = callsTo(fetch, NEAR)[0]!.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ place: '78701', radius: '25', page: '1', shipPage: '1' });
    expect(screen.getByText('3 services within 25 miles, nearest first.')).toBeInTheDocument();
    const local = within(screen.getByRole('region', { name: 'Near Austin, TX 78701' }));
    expect(local.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Congress Meals', 'Lamar Lunches', 'Round Rock Prep']);
    expect(local.getByText('0.4 mi · Delivers to you')).toBeInTheDocument();
    expect(local.getByText('Pickup 4.2 mi away')).toBeInTheDocument();
    expect(local.getByText('17 mi away')).toBeInTheDocument();
    const far = within(screen.getByRole('region', { name: 'Ship to Austin, TX 78701 from farther away' }));
    expect(far.getByText('1110 mi · Ships to you')).toBeInTheDocument();
    expect(far.getByRole('link', { name: '2' })).toHaveAttribute('href', '/near/78701?shipPage=2');
    expect(screen.getByRole('link', { name: 'All meal prep services in TX' })).toHaveAttribute('href', '/state/texas');
  });

  it('when the radius or a filter is changed, then the URL holds the whole query and the search asks for it', async () => {
    const fetch = mockApi({ [NEAR]: { status: 200, body: nearResult() }, '/api/catalog/meal-types': { status: 200, body: { items: [{ id: '1', name: 'Keto', slug: 'keto' }] } } });
    renderRoutes('/near/78701');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Within' }), '50 miles');
    expect(currentLocation()).toBe('/near/78701?radius=50');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'How' }), 'Delivers to me');
    expect(currentLocation()).toBe('/near/78701?radius=50&delivery=delivers');
    await vi.waitFor(() => expect(Object.fromEntries(callsTo(fetch, NEAR).at(-1)!.searchParams)).toMatchObject({ place: '78701', radius: '50', delivery: 'delivers' }));
  });

  it('when the place is one the search does not know, then the page says so and offers the state pages', async () => {
    mockApi({ [NEAR]: { status: 404, body: { error: { code: 'place_unknown', message: "We don't know the ZIP code 99999." } } } });
    renderRoutes('/near/99999');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that place" })).toBeInTheDocument();
    expect(screen.getByText("We don't know the ZIP code 99999.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'browse the services by state' })).toHaveAttribute('href', '/services-by-state');
    expect(screen.getByRole('textbox', { name: 'ZIP code or city' })).toHaveValue('99999');
  });

  it('when "Use my location" is clicked, then the browser is asked for its position only then, and the nearest ZIP code is searched', async () => {
    const fetch = mockApi({ [NEAREST]: { status: 200, body: { zip: '78701', city: 'Austin', state: 'TX' } }, [NEAR]: { status: 200, body: nearResult() } });
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 30.26715, longitude: -97.74306 } } as GeolocationPosition));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    renderRoutes('/find-service');
    const button = await screen.findByRole('button', { name: 'Use my location' });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep near Austin, TX 78701' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/near/78701');
    // Rounded to about a kilometre before it leaves the browser.
    expect(Object.fromEntries(callsTo(fetch, NEAREST)[0]!.searchParams)).toEqual({ lat: '30.27', lng: '-97.74' });
  });

  it('when the browser does not share its position, then the visitor is told to type a place', async () => {
    const fetch = mockApi({});
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError) },
      configurable: true,
    });
    renderRoutes('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(LOCATION_REFUSED_TEXT)).toHaveAttribute('role', 'alert');
    expect(callsTo(fetch, NEAREST)).toHaveLength(0);
    expect(currentLocation()).toBe('/');
  });

  it('when the page is asked as /near?place=… (the form without JavaScript), then it shows the same results', async () => {
    const fetch = mockApi({ [NEAR]: { status: 200, body: nearResult({ place: { ...AUSTIN, kind: 'city', zip: null, label: 'Austin, TX' } }) } });
    renderRoutes(`/near?place=${encodeURIComponent('Austin, TX')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep near Austin, TX' })).toBeInTheDocument();
    expect(callsTo(fetch, NEAR)[0]!.searchParams.get('place')).toBe('Austin, TX');
  });
});

/** The near-me page's choices of a place's results: how a visitor makes each, how it shows, and what the URL then says. */
const NEAR_CHOICES = [
  { control: 'the distance', field: 'Within', value: '50', query: 'radius=50' },
  { control: 'how a service reaches them', field: 'How', value: 'delivers', query: 'delivery=delivers' },
  { control: 'the meal type', field: 'Meal type', value: 'keto', query: 'mealType=keto' },
  { control: 'the price', field: 'Price per meal', value: '12', query: 'price=12' },
];
const MEAL_TYPES = { '/api/catalog/meal-types': { status: 200, body: { items: [{ id: '1', name: 'Keto', slug: 'keto' }] } } };
const chosenResult = () => nearResult({ local: page([serviceCard({ name: 'Chosen Kitchen', slug: 'chosen-kitchen', city: 'Austin', state: 'Texas', distanceMiles: 30, reach: 'delivers' })]) });
const field = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

describe('a choice on the near-me page while the search answers slowly', () => {
  it.each(NEAR_CHOICES)('when a visitor chooses $control and the next results are slow, then the choice shows at once and stays, over the results they had', async ({ field: name, value, query }) => {
    const slow = heldAnswer();
    const fetch = mockApi({
      [NEAR]: [
        { status: 200, body: nearResult() },
        { status: 200, body: chosenResult(), after: slow.after },
      ],
      ...MEAL_TYPES,
    });
    renderRoutes('/near/78701');
    await screen.findByRole('option', { name: 'Keto' });

    await asTheBrowserDoes(() => pick(field(name), value));
    expect(field(name).value).toBe(value);
    await waitFor(() => expect(callsTo(fetch, NEAR)).toHaveLength(2));
    await waitFor(() => expect(currentLocation()).toBe(`/near/78701?${query}`));
    expect(screen.getByRole('link', { name: 'Congress Meals' })).toBeInTheDocument();
    expect(field(name).value).toBe(value);

    slow.release();
    expect(await screen.findByRole('link', { name: 'Chosen Kitchen' })).toBeInTheDocument();
    expect(field(name).value).toBe(value);
  });

  it.each(NEAR_CHOICES)('when a visitor chooses $control and the next results fail, then the choice is put back, with a message, over the results they had', async ({ field: name, value }) => {
    const failing = heldAnswer();
    const fetch = mockApi({
      [NEAR]: [
        { status: 200, body: nearResult() },
        { ...unavailable, after: failing.after },
      ],
      ...MEAL_TYPES,
    });
    renderRoutes('/near/78701');
    await screen.findByRole('option', { name: 'Keto' });
    const before = field(name).value;

    await asTheBrowserDoes(() => pick(field(name), value));
    await waitFor(() => expect(callsTo(fetch, NEAR)).toHaveLength(2));
    failing.release();

    expect(await screen.findByText(LIST_NOT_UPDATED_TEXT)).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(currentLocation()).toBe('/near/78701'));
    expect(field(name).value).toBe(before);
    expect(screen.getByRole('link', { name: 'Congress Meals' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('when a visitor searches another place and its results are slow, then what they typed and the results they had stay until the new place shows', async () => {
    const slow = heldAnswer();
    const fetch = mockApi({
      [NEAR]: [
        { status: 200, body: nearResult() },
        { status: 200, body: nearResult({ place: { ...AUSTIN, kind: 'city', zip: null, label: 'Austin, TX' } }), after: slow.after },
      ],
    });
    renderRoutes('/near/78701');
    await userEvent.type(await screen.findByRole('textbox', { name: 'ZIP code or city' }), 'Austin, TX');
    await userEvent.click(screen.getByRole('button', { name: 'Find nearby' }));

    await waitFor(() => expect(callsTo(fetch, NEAR)).toHaveLength(2));
    expect(currentLocation()).toBe(`/near/${encodeURIComponent('Austin, TX')}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Meal Prep near Austin, TX 78701' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Congress Meals' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ZIP code or city' })).toHaveValue('Austin, TX');

    slow.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep near Austin, TX' })).toBeInTheDocument();
  });

  it('when a visitor searches another place and the search fails, then the page goes back to the results they had, with what they typed and a message', async () => {
    const failing = heldAnswer();
    const fetch = mockApi({
      [NEAR]: [
        { status: 200, body: nearResult() },
        { ...unavailable, after: failing.after },
      ],
    });
    renderRoutes('/near/78701');
    await userEvent.type(await screen.findByRole('textbox', { name: 'ZIP code or city' }), 'Austin, TX');
    await userEvent.click(screen.getByRole('button', { name: 'Find nearby' }));
    await waitFor(() => expect(callsTo(fetch, NEAR)).toHaveLength(2));
    failing.release();

    expect(await screen.findByText(LIST_NOT_UPDATED_TEXT)).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(currentLocation()).toBe('/near/78701'));
    expect(screen.getByRole('heading', { level: 1, name: 'Meal Prep near Austin, TX 78701' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ZIP code or city' })).toHaveValue('Austin, TX');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
