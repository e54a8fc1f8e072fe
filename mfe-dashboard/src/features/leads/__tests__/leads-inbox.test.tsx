import { bodiesTo, callsTo, mockApi } from '@mealprep/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderDashboardAt } from '../../../testing/render-dashboard';

const LEADS = '/api/catalog/leads';
const lead = (id: string, over: Record<string, unknown> = {}) => ({
  id: `l-${id.repeat(24)}`,
  serviceId: 'a'.repeat(24),
  serviceName: 'Green Fork',
  slug: 'green-fork',
  status: 'new',
  held: null,
  read: false,
  createdAt: '2026-11-29T10:00:00.000Z',
  expiresAt: '2027-05-28T10:00:00.000Z',
  request: {
    name: 'Dana Rivera',
    email: 'dana@example.com',
    zip: '78701',
    mealTypes: ['keto'],
    mealsPerWeek: 10,
    startDate: '2027-01-04',
    fulfilment: 'delivery',
    message: 'Keto lunches for two, five days a week.',
  },
  ...over,
});
const page = (items: unknown[], unread: number) => ({ items, total: items.length, page: 1, pageSize: 25, pageCount: 1, unread });
const isAdmin = (admin: boolean) => ({ status: 200, body: { isAdmin: admin } });

describe('the quote requests inbox', () => {
  it('when an owner opens it, then the unread are marked, opening one marks it read, Reply opens their mail program to the visitor, and the status can be changed', async () => {
    const unread = lead('1');
    const fetch = mockApi({
      '/api/auth/admin/is-admin': isAdmin(false),
      [LEADS]: { status: 200, body: page([unread, lead('2', { read: true, status: 'replied', request: { ...unread.request, name: 'Eli Park', email: 'eli@example.com' } })], 1) },
      [`${LEADS}/${unread.id}`]: { status: 200, body: { ...unread, read: true } },
    });
    const user = userEvent.setup();
    renderDashboardAt('/dashboard/leads');
    const list = await screen.findByRole('list', { name: 'Requests, newest first' });
    expect(screen.getByText(/1 unread\./)).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('article');
    expect(within(first!).getByText('Unread')).toBeInTheDocument();
    expect(within(second!).queryByText('Unread')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute('href', '/api/catalog/leads/export.csv');
    expect(screen.queryByRole('navigation', { name: 'Lists of requests' })).not.toBeInTheDocument();

    await user.click(within(first!).getByText('Dana Rivera'));
    await waitFor(() => expect(bodiesTo(fetch, `${LEADS}/${unread.id}`)).toEqual([{ read: true }]));
    expect(within(first!).getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute('href', `mailto:dana%40example.com?subject=${encodeURIComponent('Your quote request to Green Fork')}`);
    await user.selectOptions(within(first!).getByLabelText('Status'), 'closed');
    await waitFor(() => expect(bodiesTo(fetch, `${LEADS}/${unread.id}`)).toEqual([{ read: true }, { status: 'closed' }]));
    // Each change reads the inbox again (as a request arriving over the live stream does).
    expect(callsTo(fetch, LEADS).length).toBeGreaterThan(1);
  });

  it('when staff open the held queue, then each request says why it is held, and they approve one or mark it spam', async () => {
    const held = lead('3', { held: 'link' });
    const fetch = mockApi({
      '/api/auth/admin/is-admin': isAdmin(true),
      [LEADS]: { status: 200, body: page([held], 0) },
      [`/api/catalog/admin/leads/${held.id}/approve`]: { status: 200, body: { ...held, held: null } },
      [`/api/catalog/admin/leads/${held.id}/spam`]: { status: 200, body: { ...held, status: 'spam' } },
    });
    const user = userEvent.setup();
    renderDashboardAt('/dashboard/leads?view=held');
    const lists = await screen.findByRole('navigation', { name: 'Lists of requests' });
    expect(within(lists).getByRole('link', { name: 'Held for review' })).toHaveAttribute('aria-current', 'page');
    const item = await screen.findByRole('article', { name: 'Request from Dana Rivera' });
    expect(callsTo(fetch, LEADS).at(-1)?.searchParams.get('view')).toBe('held');
    expect(within(item).getByText('Held for staff: it has a link.')).toBeInTheDocument();
    await user.click(within(item).getByText('Dana Rivera'));
    expect(bodiesTo(fetch, `${LEADS}/${held.id}`)).toEqual([]);
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(callsTo(fetch, `/api/catalog/admin/leads/${held.id}/approve`)).toHaveLength(1));
    await user.click(within(item).getByRole('button', { name: 'Mark spam and block the sender' }));
    await waitFor(() => expect(callsTo(fetch, `/api/catalog/admin/leads/${held.id}/spam`)).toHaveLength(1));
  });
  it('when an owner asks for their requests at another address in a daily mail, then the address is sent to be confirmed and the page says where requests go until then; a refusal is shown', async () => {
    const SETTINGS = '/api/auth/lead-settings';
    const before = { signInAddress: 'owner@example.com', address: null, pendingAddress: null, mode: 'each' };
    const fetch = mockApi({
      '/api/auth/admin/is-admin': isAdmin(false),
      [LEADS]: { status: 200, body: page([], 0) },
      [SETTINGS]: [
        { status: 200, body: before },
        { status: 200, body: { ...before, pendingAddress: 'orders@example.com', mode: 'daily' } },
        { status: 429, body: { error: { code: 'too_many_requests', message: 'At most 3 confirmation e-mails a day. Try again in 5 hours.' } } },
      ],
    });
    const user = userEvent.setup();
    renderDashboardAt('/dashboard/leads');
    const settings = await screen.findByRole('region', { name: 'How requests reach you' });
    expect(await within(settings).findByText(/Requests are mailed to/)).toHaveTextContent('Requests are mailed to owner@example.com, each as it arrives.');
    expect(within(settings).getByRole('radio', { name: 'My sign-in address (owner@example.com)' })).toBeChecked();
    await user.click(within(settings).getByRole('radio', { name: 'Another address (we mail it a link to confirm it first)' }));
    await user.type(within(settings).getByLabelText('Address for quote requests'), ' orders@example.com ');
    await user.click(within(settings).getByRole('radio', { name: "One e-mail a day with the day's requests" }));
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(await within(settings).findByRole('status')).toHaveTextContent('Saved.');
    // The first call read the settings (no body); the save sent the trimmed address.
    expect(bodiesTo(fetch, SETTINGS)).toEqual([undefined, { address: 'orders@example.com', mode: 'daily' }]);
    expect(within(settings).getByText(/Requests are mailed to/)).toHaveTextContent(
      'Requests are mailed to owner@example.com, in one mail a day (after midnight UTC). We mailed a link to orders@example.com: open it to confirm that address; until then requests go to owner@example.com.',
    );

    await user.clear(within(settings).getByLabelText('Address for quote requests'));
    await user.type(within(settings).getByLabelText('Address for quote requests'), 'other@example.com');
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(await within(settings).findByRole('alert')).toHaveTextContent('At most 3 confirmation e-mails a day. Try again in 5 hours.');
  });
});
