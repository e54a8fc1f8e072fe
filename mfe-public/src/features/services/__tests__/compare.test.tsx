import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, currentLocation, mockApi, publicService, renderRoutes, serviceCard, serviceList, unavailable } from '../../../testing/render-routes';
import { asTheBrowserDoes, heldAnswer } from '../../../testing/slow-answers';
import { useCompareTray } from '../../../lib/compare-store';

const SERVICES = '/api/catalog/services';
const COMPARE = '/api/catalog/services/compare';
const cards = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name) => serviceCard({ name: `${name} Kitchen`, slug: `${name.toLowerCase()}-kitchen` }));
const offer = {
  pricePerMeal: { low: 9.5, high: 14 },
  plans: 'both',
  pauseAnyTime: true,
  deliveryDays: ['wed', 'sun'],
  orderCutoff: null,
  minimumOrderMeals: null,
  allergenFriendly: ['gluten-free'],
  menuUrl: '',
};

afterEach(() => {
  useCompareTray.getState().clear();
  localStorage.clear();
});

describe('compare', () => {
  it('when a visitor adds services with "Compare", then the tray lists them (four at most) and stays across pages; "Compare now" opens them side by side', async () => {
    mockApi({ [SERVICES]: { status: 200, body: serviceList(cards) } });
    renderRoutes('/services-by-name');
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']) await userEvent.click(await screen.findByRole('button', { name: `Compare ${name} Kitchen` }));
    const tray = screen.getByRole('region', { name: 'Compare tray' });
    expect(within(tray).getByText('Compare (4 of 4)')).toBeInTheDocument();
    expect(within(tray).getByRole('status')).toHaveTextContent('You can compare up to 4 services at once. Remove one to add another.');
    expect(screen.getByRole('button', { name: 'Compare Echo Kitchen' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Compare Alpha Kitchen' })).toHaveAttribute('aria-pressed', 'true');
    // Kept in the browser's storage: another page (or visit) finds them.
    expect(JSON.parse(localStorage.getItem('mealprep-compare') ?? '{}').state.items.map((i: { slug: string }) => i.slug)).toEqual([
      'alpha-kitchen',
      'bravo-kitchen',
      'charlie-kitchen',
      'delta-kitchen',
    ]);
    await userEvent.click(within(tray).getByRole('button', { name: 'Remove Delta Kitchen from compare' }));
    await userEvent.click(within(tray).getByRole('link', { name: 'Compare now' }));
    await waitFor(() => expect(currentLocation()).toBe('/compare?s=alpha-kitchen,bravo-kitchen,charlie-kitchen'));
  });

  it('when the compare page opens, then each listing is a column and each fact a row; a listing that is not available says so, and a place gives distances', async () => {
    const fetch = mockApi({
      [COMPARE]: {
        status: 200,
        body: {
          items: [
            { slug: 'fit-fuel-kitchen', service: { ...publicService({ offer, rating: { average: 4.5, count: 12 }, yearsInBusiness: '3+ years' }), distanceMiles: 2.4 } },
            { slug: 'secret-draft', service: null },
          ],
          place: { kind: 'zip', zip: '78701', city: 'Austin', state: 'TX', stateSlug: 'texas', latitude: 30.27, longitude: -97.74, label: 'Austin, TX 78701' },
          placeProblem: null,
        },
      },
    });
    renderRoutes('/compare?s=fit-fuel-kitchen,secret-draft,a,b,c&place=78701');
    const table = await screen.findByRole('table', { name: 'Services side by side' });
    expect(screen.getByText('Only the first 4 services are compared.')).toBeInTheDocument();
    expect(callsTo(fetch, COMPARE)[0]!.searchParams.get('s')).toBe('fit-fuel-kitchen,secret-draft,a,b');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers[1]).toHaveTextContent('Fit Fuel Kitchen');
    expect(headers[2]).toHaveTextContent('This service is not available.');
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('td')[0]!.textContent;
    expect(row('Price per meal')).toBe('$9.50–$14');
    expect(row('Plans')).toBe('Weekly subscription or one-off orders');
    expect(row('Pause, skip or cancel')).toBe('Any time');
    expect(row('Delivery days')).toBe('Wednesday, Sunday');
    expect(row('Delivery methods')).toBe('Local delivery, Pickup');
    expect(row('Distance')).toBe('2.4 miles');
    expect(row('Allergen-friendly')).toBe('Gluten-free');
    expect(row('Rating')).toBe('4.5 of 5 (12 reviews)');
    expect(row('Years in business')).toBe('3+ years');
    expect(within(table).getByRole('link', { name: 'Remove Fit Fuel Kitchen from the comparison' })).toHaveAttribute('href', '/compare?s=secret-draft&place=78701');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
  });

  it('when a visitor presses Compare while the list answers slowly, or fails, then the card shows it pressed at once and it stays, with the tray, whatever the answer', async () => {
    const slow = heldAnswer();
    const failing = heldAnswer();
    const fetch = mockApi({
      [SERVICES]: [
        { status: 200, body: serviceList(cards.slice(0, 3)) },
        { status: 200, body: serviceList(cards.slice(0, 2)), after: slow.after },
        { ...unavailable, after: failing.after },
      ],
    });
    renderRoutes('/services-by-name');
    const filters = await screen.findByRole('form', { name: 'Filter services' });
    await userEvent.click(within(filters).getByRole('checkbox', { name: /^Pause or skip/ }));
    await waitFor(() => expect(callsTo(fetch, SERVICES)).toHaveLength(2));

    // The list asked for has not come: its cards are the last list's, and Compare answers at once.
    await asTheBrowserDoes(() => screen.getByRole('button', { name: 'Compare Alpha Kitchen' }).click());
    expect(screen.getByRole('button', { name: 'Compare Alpha Kitchen' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('region', { name: 'Compare tray' })).getByText('Compare (1 of 4)')).toBeInTheDocument();
    slow.release();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Charlie Kitchen' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Compare Alpha Kitchen' })).toHaveAttribute('aria-pressed', 'true');

    // Another choice whose list fails: the list goes back, and the compared listing stays chosen.
    await userEvent.click(within(screen.getByRole('form', { name: 'Filter services' })).getByRole('checkbox', { name: /^Local delivery/ }));
    await waitFor(() => expect(callsTo(fetch, SERVICES)).toHaveLength(3));
    await asTheBrowserDoes(() => screen.getByRole('button', { name: 'Compare Bravo Kitchen' }).click());
    expect(screen.getByRole('button', { name: 'Compare Bravo Kitchen' })).toHaveAttribute('aria-pressed', 'true');
    failing.release();
    await waitFor(() => expect(currentLocation()).toBe('/services-by-name?pause=yes'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compare Alpha Kitchen' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Compare Bravo Kitchen' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('region', { name: 'Compare tray' })).getByText('Compare (2 of 4)')).toBeInTheDocument();
  });

  it('when nothing is named, then the page says how to choose services', async () => {
    mockApi({});
    renderRoutes('/compare');
    expect(await screen.findByText(/Choose services to compare with the Compare button/)).toBeInTheDocument();
  });
});
