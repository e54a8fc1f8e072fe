import { bodiesTo, callsTo, mockApi } from '@mealprep/api-client/testing';
import { MY_SERVICES_QUERY_KEY, queryKeys, WRITE_RETRIES } from '@mealprep/api-client';
import { QueryClient } from '@mealprep/query';
import type { EditableService } from '@mealprep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerDialog } from '@mealprep/ui/testing';
import { renderDashboardAt } from '../../../testing/render-dashboard';

const ID = 'b'.repeat(24);
const EDIT = `/api/catalog/services/${ID}/edit`;

function service(overrides: Partial<EditableService> = {}): EditableService {
  return {
    id: ID,
    name: 'Green Fork Kitchen',
    slug: 'green-fork-kitchen',
    tagline: 'Fresh',
    description: 'Meals',
    defaultCurrency: 'USD',
    languages: ['en'],
    mealTypes: [],
    status: 'draft',
    featuredUntil: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    publishedAt: null,
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    deliveryRadiusMiles: 15,
    contact: { email: 'a@example.com', phone: '555', website: 'https://green.example.com', socialLinks: [] },
    locations: [],
    media: { logoImageId: null },
    offer: { pricePerMeal: null, plans: null, pauseAnyTime: null, deliveryDays: [], orderCutoff: null, minimumOrderMeals: null, allergenFriendly: [], menuUrl: '' },
    rating: { average: null, count: 0 },
    claimable: false,
    ownerUserId: 'owner-1',
    version: 2,
    metadata: {},
    statusHistory: [{ at: '2026-11-01T10:00:00.000Z', byUserId: 'owner-1', byEmail: 'owner@example.com', from: null, to: 'draft', reason: null }],
    possibleDuplicateOf: [],
    ownershipHistory: [],
    reviewTrail: [],
    ...overrides,
  };
}

const renderEdit = () => renderDashboardAt(`/dashboard/services/${ID}/edit`);

const notAdmin = { '/api/auth/admin/is-admin': { status: 200, body: { isAdmin: false } } };
const admin = { '/api/auth/admin/is-admin': { status: 200, body: { isAdmin: true } } };

// The whole owner's form, typed into key by key: on a busy machine a test takes well past the default 15 s.
describe('Edit Service', { timeout: 45_000 }, () => {
  it('when the listing is missing or not theirs, then the page says so', async () => {
    mockApi({ ...notAdmin, [EDIT]: { status: 404, body: { error: { code: 'not_found', message: "Service not found or you don't have permission to edit it." } } } });
    renderEdit();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText("Service not found or you don't have permission to edit it.")).toBeInTheDocument();
  });

  it('when an owner opens a draft, then every section, the grey badge and the information panel show', async () => {
    mockApi({ ...notAdmin, [EDIT]: { status: 200, body: service() } });
    renderEdit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Service' })).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('draft');
    expect(screen.getByTestId('status-badge').className).toContain('bg-gray-100');
    for (const heading of ['Basic Information', 'Contact Information', 'Delivery Methods', 'Logo Image', 'Service Information']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription('URL-friendly identifier');
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '6');
    expect(screen.getByLabelText('Website')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    for (const box of ['Local Delivery', 'Pickup Available', 'Ships Domestically', 'Ships Internationally']) expect(screen.getByRole('checkbox', { name: box })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Public Page' })).toHaveAttribute('href', '/service/green-fork-kitchen');
    expect(screen.getByRole('link', { name: 'View Public Page' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByLabelText('Change Status')).toBeNull();
    expect(screen.getByText(ID)).toBeInTheDocument();
    expect(screen.getByText('owner-1')).toBeInTheDocument();
  });

  it('when an admin changed the listing, then its owner reads "by an admin" in the history', async () => {
    const history = [
      { at: '2026-11-01T10:00:00.000Z', byUserId: 'owner-1', byEmail: 'owner@example.com', from: null, to: 'draft' as const, reason: null },
      { at: '2026-11-02T10:00:00.000Z', byUserId: null, byEmail: null, byAdmin: true, from: 'draft' as const, to: 'published' as const, reason: null },
    ];
    mockApi({ ...notAdmin, [EDIT]: { status: 200, body: service({ status: 'published', statusHistory: history }) } });
    renderEdit();
    const list = await screen.findByRole('list', { name: 'Status history' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/draft → published by an admin$/), expect.stringMatching(/draft by owner@example\.com$/)]);
  });

  it('when the listing came to its owner through a dispute, then the previous owner\'s changes read "by a previous owner", not "by an admin"', async () => {
    const history = [
      { at: '2026-11-01T10:00:00.000Z', byUserId: null, byEmail: null, byAdmin: false, byPreviousOwner: true, from: null, to: 'draft' as const, reason: null },
      { at: '2026-11-02T10:00:00.000Z', byUserId: null, byEmail: null, byAdmin: true, byPreviousOwner: false, from: 'draft' as const, to: 'published' as const, reason: null },
      { at: '2026-11-05T10:00:00.000Z', byUserId: 'owner-1', byEmail: 'owner@example.com', from: 'published' as const, to: 'pending' as const, reason: 'Name or URL slug changed by the owner' },
    ];
    mockApi({ ...notAdmin, [EDIT]: { status: 200, body: service({ status: 'pending', statusHistory: history }) } });
    renderEdit();
    const list = await screen.findByRole('list', { name: 'Status history' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/published → pending by owner@example\.com \(Name or URL slug changed by the owner\)$/),
      expect.stringMatching(/draft → published by an admin$/),
      expect.stringMatching(/: draft by a previous owner$/),
    ]);
  });

  it('when the listing changed hands through claims, then the panel lists each decision, newest first, with who decided', async () => {
    const ownership = [
      {
        at: '2026-11-03T10:00:00.000Z',
        action: 'granted' as const,
        kind: 'claim' as const,
        claimId: 'c1',
        claimantEmail: 'sam@green.example.com',
        fromOwnerUserId: null,
        toOwnerUserId: 'owner-1',
        byEmail: null,
        reason: "Your address is the listing's contact e-mail.",
      },
      {
        at: '2026-11-04T10:00:00.000Z',
        action: 'rejected' as const,
        kind: 'dispute' as const,
        claimantEmail: 'rival@gmail.com',
        claimId: 'c2',
        fromOwnerUserId: 'owner-1',
        toOwnerUserId: 'owner-1',
        byEmail: 'boss@example.com',
        reason: 'No papers',
      },
    ];
    mockApi({ [EDIT]: { status: 200, body: service({ status: 'published', ownershipHistory: ownership }) } });
    renderEdit();
    const list = await screen.findByRole('list', { name: 'Ownership' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/rejected: dispute by rival@gmail\.com \(decided by boss@example\.com\): No papers$/),
      expect.stringMatching(/granted at once: claim by sam@green\.example\.com: Your address is the listing's contact e-mail\.$/),
    ]);
  });

  it('when an admin edits a listing whose reviews were moderated, then its trail lists each step, newest first, with who and why', async () => {
    const reviewTrail = [
      { at: '2026-11-05T10:00:00.000Z', reviewId: 'a'.repeat(24), action: 'held' as const, reason: 'A link', byEmail: null },
      { at: '2026-11-06T10:00:00.000Z', reviewId: 'a'.repeat(24), action: 'rejected' as const, reason: 'No links, please.', byEmail: 'boss@example.com' },
    ];
    mockApi({ ...admin, [EDIT]: { status: 200, body: service({ status: 'published', reviewTrail }) } });
    renderEdit();
    const list = await screen.findByRole('list', { name: 'Reviews moderated' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/review aaaaaaaa rejected by boss@example\.com \(No links, please\.\)$/), expect.stringMatching(/review aaaaaaaa held by the checks \(A link\)$/)]);
  });

  it('when the owner renames it, then they confirm first; cancelling sends nothing, confirming saves only the change', async () => {
    const fetch = mockApi({
      ...notAdmin,
      [EDIT]: { status: 200, body: service({ status: 'published' }) },
      [`/api/catalog/services/${ID}`]: { status: 200, body: service({ name: 'Green Fork Co', status: 'pending' }) },
    });
    renderEdit();
    const name = await screen.findByLabelText('Service Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Green Fork Co');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await answerDialog('Are you sure? Changing the name or URL slug will temporarily unpublish your listing until an admin can review.', 'Cancel');
    expect(callsTo(fetch, `/api/catalog/services/${ID}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await answerDialog('Are you sure? Changing the name or URL slug will temporarily unpublish your listing until an admin can review.', 'Save');
    expect(await screen.findByText('Service updated successfully')).toBeInTheDocument();
    expect(bodiesTo(fetch, `/api/catalog/services/${ID}`)).toEqual([{ name: 'Green Fork Co' }]);
    expect(screen.getByTestId('status-badge')).toHaveTextContent('pending');
  });

  it('when the owner saves, then the page and their list of listings take the answer as it is: neither is marked to be read again', async () => {
    const fetch = mockApi({
      ...notAdmin,
      [EDIT]: { status: 200, body: service({ version: 2 }) },
      [`/api/catalog/services/${ID}`]: { status: 200, body: service({ name: 'Green Fork Co', tagline: 'Fresher', status: 'pending', version: 3 }) },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(MY_SERVICES_QUERY_KEY, [{ id: ID, name: 'Green Fork Kitchen', slug: 'green-fork-kitchen', status: 'draft' }]);
    renderDashboardAt(`/dashboard/services/${ID}/edit`, client);
    const tagline = await screen.findByLabelText('Tagline');
    await userEvent.clear(tagline);
    await userEvent.type(tagline, 'Fresher');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Service updated successfully')).toBeInTheDocument();
    expect(client.getQueryData(MY_SERVICES_QUERY_KEY)).toEqual([{ id: ID, name: 'Green Fork Co', slug: 'green-fork-kitchen', status: 'pending' }]);
    expect(client.getQueryState(MY_SERVICES_QUERY_KEY)?.isInvalidated).toBe(false);
    expect(client.getQueryState(queryKeys.services.edit(ID))?.isInvalidated).toBe(false);
    expect(callsTo(fetch, EDIT)).toHaveLength(1);
  });

  it('when the owner sets the delivery radius and the ZIP code, then only those are saved, and a radius or ZIP code the contract refuses is shown under its field and sends nothing', async () => {
    const fetch = mockApi({
      ...notAdmin,
      [EDIT]: {
        status: 200,
        body: service({ locations: [{ label: '', address: { line1: '', city: 'Austin', region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true, point: null }] }),
      },
      [`/api/catalog/services/${ID}`]: { status: 200, body: service({ deliveryRadiusMiles: 30 }) },
    });
    renderEdit();
    const radius = await screen.findByLabelText('Delivery radius (miles)');
    const zip = screen.getByLabelText('ZIP code');
    expect(radius).toHaveValue(15);
    expect(zip).toHaveValue('78701');
    await userEvent.clear(radius);
    await userEvent.type(radius, '0');
    await userEvent.clear(zip);
    await userEvent.type(zip, '7870');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/must be at least 1 mile/)).toBeInTheDocument();
    expect(radius).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, `/api/catalog/services/${ID}`)).toHaveLength(0);
    await userEvent.clear(radius);
    await userEvent.type(radius, '30');
    await userEvent.clear(zip);
    await userEvent.type(zip, '77002');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Service updated successfully')).toBeInTheDocument();
    expect(bodiesTo(fetch, `/api/catalog/services/${ID}`)).toEqual([{ deliveryRadiusMiles: 30, postalCode: '77002' }]);
  });

  it('when the owner gives the facts of the offer, then the whole offer is saved; a price the contract refuses shows under its field and sends nothing', async () => {
    const fetch = mockApi({ ...notAdmin, [EDIT]: { status: 200, body: service() }, [`/api/catalog/services/${ID}`]: { status: 200, body: service() } });
    renderEdit();
    const low = await screen.findByLabelText('Lowest price per meal ($)');
    const high = screen.getByLabelText('Highest price per meal ($)');
    await userEvent.type(low, '15');
    await userEvent.type(high, '9.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/the lowest price must not be above the highest/)).toBeInTheDocument();
    expect(low).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, `/api/catalog/services/${ID}`)).toHaveLength(0);

    await userEvent.clear(low);
    await userEvent.type(low, '8');
    await userEvent.selectOptions(screen.getByLabelText('Plans'), 'Weekly subscription');
    await userEvent.selectOptions(screen.getByLabelText('Pause, skip or cancel any time'), 'Yes');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    await userEvent.selectOptions(screen.getByLabelText('Order by (day)'), 'Thursday');
    await userEvent.selectOptions(screen.getByLabelText('Order by (hour)'), '6 pm');
    await userEvent.type(screen.getByLabelText('Minimum order (meals)'), '6');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nut-free' }));
    await userEvent.type(screen.getByLabelText('Menu link'), 'https://green.example.com/menu');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Service updated successfully')).toBeInTheDocument();
    expect(bodiesTo(fetch, `/api/catalog/services/${ID}`)).toEqual([
      {
        offer: {
          pricePerMeal: { low: 8, high: 9.5 },
          plans: 'subscription',
          pauseAnyTime: true,
          deliveryDays: ['wed', 'sun'],
          orderCutoff: { day: 'thu', hour: 18 },
          minimumOrderMeals: 6,
          allergenFriendly: ['nut-free'],
          menuUrl: 'https://green.example.com/menu',
        },
      },
    ]);
  });

  it('when saving fails, then the server message shows, else "Failed to update service"; a save the site could not finish is sent again with its key first', async () => {
    const fetch = mockApi({
      ...notAdmin,
      [EDIT]: { status: 200, body: service() },
      [`/api/catalog/services/${ID}`]: [{ status: 409, body: { error: { code: 'slug_taken', message: 'That URL slug is already used by another service. Choose another.' } } }, { status: 502 }],
    });
    renderEdit();
    await userEvent.type(await screen.findByLabelText('Tagline'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That URL slug is already used by another service. Choose another.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    // A 502 may hide a save that was applied: the same save goes again with the same key, three times a second apart, then the page says so.
    expect(await screen.findByText('Failed to update service', {}, { timeout: 6_000 })).toBeInTheDocument();
    const keys = fetch.mock.calls
      .filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/api/catalog/services/${ID}`)
      .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(1 + 1 + WRITE_RETRIES);
    expect(new Set(keys.slice(1)).size).toBe(1);
    expect(keys[1]).not.toBe(keys[0]);
  }, 15_000);

  it('when a change breaks the update contract, then the field says why and nothing is sent; an empty slug is refused the same way', async () => {
    const fetch = mockApi({ ...notAdmin, [EDIT]: { status: 200, body: service() }, [`/api/catalog/services/${ID}`]: { status: 200, body: service() } });
    renderEdit();
    const website = await screen.findByLabelText('Website');
    await userEvent.clear(website);
    await userEvent.type(website, 'ftp://green.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Website must be a web address (http or https)')).toBeInTheDocument();
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, `/api/catalog/services/${ID}`)).toHaveLength(0);
    await userEvent.clear(website);
    await userEvent.type(website, 'https://green.example.com');
    await userEvent.clear(screen.getByLabelText('Slug'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/^Slug /)).toBeInTheDocument();
    expect(screen.queryByText('Website must be a web address (http or https)')).not.toBeInTheDocument();
    expect(callsTo(fetch, `/api/catalog/services/${ID}`)).toHaveLength(0);
  });

  it('when the owner submits the draft for approval, then they confirm and the badge turns pending', async () => {
    mockApi({ ...notAdmin, [EDIT]: { status: 200, body: service() }, [`/api/catalog/services/${ID}/submit`]: { status: 200, body: service({ status: 'pending' }) } });
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit for Approval' }));
    await answerDialog('Submit this service for approval? It will move to Pending status and be reviewed by the admin team.', 'Submit');
    expect(await screen.findByText('Service submitted for approval successfully')).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('pending');
    expect(screen.getByTestId('status-badge').className).toContain('bg-yellow-100');
    expect(screen.queryByRole('button', { name: 'Submit for Approval' })).toBeNull();
  });

  it.each(['closed', 'rejected'] as const)('when the owner opens a %s listing, then a red notice shows, fields are disabled and Save is hidden', async (status) => {
    mockApi({ ...notAdmin, [EDIT]: { status: 200, body: service({ status }) } });
    renderEdit();
    expect(await screen.findByText(`This service is ${status}. Only admins can edit it.`)).toBeInTheDocument();
    expect(screen.getByLabelText('Service Name')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Pickup Available' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('when an admin changes the status, then the select sets it and says so; admins can edit closed listings', async () => {
    mockApi({ ...admin, [EDIT]: { status: 200, body: service({ status: 'closed' }) }, [`/api/catalog/admin/services/${ID}/status`]: { status: 200, body: service({ status: 'published' }) } });
    renderEdit();
    const select = await screen.findByLabelText('Change Status');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['draft', 'pending', 'published', 'rejected', 'closed']);
    await userEvent.selectOptions(select, 'published');
    expect(await screen.findByText('Status updated to published')).toBeInTheDocument();
    expect(screen.getByTestId('status-badge').className).toContain('bg-green-100');
  });
});
