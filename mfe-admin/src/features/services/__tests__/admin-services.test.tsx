import { bodiesTo, callsTo, mockApi } from '@mealprep/api-client/testing';
import type { AdminServiceRow } from '@mealprep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerDialog, findNotice } from '@mealprep/ui/testing';
import { renderAdminAt } from '../../../testing/render-admin';
import { featureDays } from '../api/admin-services';

const renderAt = (path = '/dashboard/services') => renderAdminAt(path);

const future = new Date(Date.now() + 5 * 86_400_000).toISOString();
const row = (n: number, overrides: Partial<AdminServiceRow> = {}): AdminServiceRow => ({
  id: n.toString(16).padStart(24, '0'),
  name: `Service ${n}`,
  slug: `service-${n}`,
  status: 'published',
  featuredUntil: null,
  mealTypes: ['keto', 'vegan', 'paleo', 'whole30'],
  createdAt: '2026-11-01T00:00:00.000Z',
  ownerUserId: null,
  ...overrides,
});
const page = (items: AdminServiceRow[], extra: Record<string, number> = {}) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 20, pageCount: 1, ...extra } });
const base = { '/api/catalog/meal-types': { status: 200, body: { items: [{ slug: 'keto', name: 'Keto', description: '' }] } } };

describe('admin services table', () => {
  it('when it lists services, then the columns of the spec show: name with slug, status, featured until, three meal types then +N, actions', async () => {
    mockApi({ ...base, '/api/catalog/admin/services': page([row(1, { featuredUntil: future }), row(2, { status: 'draft' })]) });
    renderAt();
    const first = (await screen.findByText('Service 1')).closest('tr')!;
    expect(within(first).getByText('service-1')).toBeInTheDocument();
    expect(within(first).getByText(/^Until /)).toBeInTheDocument();
    expect(within(first).getByText('keto, vegan, paleo +1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', `/dashboard/services/${row(1).id}/edit`);
    expect(within(first).getByRole('link', { name: 'Public' })).toHaveAttribute('href', '/service/service-1');
    expect(within(first).getByRole('button', { name: 'Unfeature' })).toBeInTheDocument();
    const second = screen.getByText('Service 2').closest('tr')!;
    expect(within(second).getByText('—')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Featured' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by name, slug, description...')).toBeInTheDocument();
    expect(document.title).toBe('Services | Meal Prep Directory');
  });

  it('when filters change, then they go into the URL and the request; with none the empty text is short', async () => {
    const fetch = mockApi({ ...base, '/api/catalog/admin/services': page([]) });
    renderAt();
    expect(await screen.findByText('No services found')).toBeInTheDocument();
    expect(screen.queryByText('Try adjusting your filters or search query')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    await userEvent.type(screen.getByPlaceholderText('Search by name, slug, description...'), 'kitchen{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/services?status=pending&q=kitchen');
    expect(await screen.findByText('Try adjusting your filters or search query')).toBeInTheDocument();
    const last = callsTo(fetch, '/api/catalog/admin/services').at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({ q: 'kitchen', status: 'pending', page: '1', pageSize: '20' });
  });

  it('when rows are selected, then the bulk bar sets status, features for the given days, unfeatures and deletes after a confirm', async () => {
    const fetch = mockApi({
      ...base,
      '/api/catalog/admin/services': page([row(1), row(2)]),
      '/api/catalog/admin/services/bulk/status': { status: 200, body: { updated: 2 } },
      '/api/catalog/admin/services/bulk/feature': { status: 200, body: { updated: 2 } },
      '/api/catalog/admin/services/bulk/delete': { status: 200, body: { deleted: 2 } },
    });
    renderAt();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await userEvent.selectOptions(within(bar).getByLabelText('Set status of selected'), 'published');
    expect(bodiesTo(fetch, '/api/catalog/admin/services/bulk/status')).toEqual([{ ids: [row(1).id, row(2).id], status: 'published' }]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Feature' }));
    const days = within(await screen.findByRole('alertdialog', { name: 'Feature for how many days?' })).getByRole('spinbutton', { name: 'Days' });
    expect(days).toHaveValue(30);
    expect(days).toHaveFocus();
    await userEvent.clear(days);
    await userEvent.type(days, '7');
    await answerDialog('Feature for how many days?', 'Feature');
    await vi.waitFor(() => expect(bodiesTo(fetch, '/api/catalog/admin/services/bulk/feature')).toEqual([{ ids: [row(1).id, row(2).id], days: 7 }]));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Service 1' }));
    const deleteButton = within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' });
    await userEvent.click(deleteButton);
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleteButton).toHaveFocus();
    expect(callsTo(fetch, '/api/catalog/admin/services/bulk/delete')).toHaveLength(0);
    await userEvent.click(deleteButton);
    await answerDialog('Are you sure you want to delete 1 service(s)?', 'Cancel');
    expect(callsTo(fetch, '/api/catalog/admin/services/bulk/delete')).toHaveLength(0);
    await userEvent.click(deleteButton);
    await answerDialog('Are you sure you want to delete 1 service(s)?', 'Delete');
    await vi.waitFor(() => expect(bodiesTo(fetch, '/api/catalog/admin/services/bulk/delete')).toEqual([{ ids: [row(1).id] }]));
  });

  it('when rows are picked while a row action is still under way, then they stay picked once it is done and the bulk bar can act on them', async () => {
    let finish!: () => void;
    const fetch = mockApi({
      ...base,
      '/api/catalog/admin/services': page([row(1, { featuredUntil: future }), row(2)]),
      [`/api/catalog/admin/services/${row(1).id}/unfeature`]: { status: 200, body: { updated: 1 }, after: new Promise<void>((resolve) => (finish = resolve)) },
      '/api/catalog/admin/services/bulk/delete': { status: 200, body: { deleted: 2 } },
    });
    renderAt();
    await userEvent.click(within((await screen.findByText('Service 1')).closest('tr')!).getByRole('button', { name: 'Unfeature' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByRole('button', { name: 'Delete' })).toBeDisabled();

    finish();
    await vi.waitFor(() => expect(within(bar).getByRole('button', { name: 'Delete' })).toBeEnabled());
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    await answerDialog('Are you sure you want to delete 2 service(s)?', 'Delete');
    await vi.waitFor(() => expect(bodiesTo(fetch, '/api/catalog/admin/services/bulk/delete')).toEqual([{ ids: [row(1).id, row(2).id] }]));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
  });

  it('when featuring fails, then the server reason is shown, else the spec fallback', async () => {
    mockApi({
      ...base,
      '/api/catalog/admin/services': page([row(1, { status: 'closed' })]),
      [`/api/catalog/admin/services/${row(1).id}/feature`]: [{ status: 409, body: { error: { code: 'not_published', message: 'Only published services can be featured' } } }, { status: 500 }],
    });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Featured' }));
    await answerDialog('Feature for how many days?', 'Feature');
    expect(await findNotice('Only published services can be featured')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Featured' }));
    await answerDialog('Feature for how many days?', 'Feature');
    expect(await findNotice('Failed to set featured status')).toBeInTheDocument();
  });

  it('when a duration is typed, then it is a number of days, at least 1, and anything else is 30', () => {
    expect(featureDays('7')).toBe(7);
    expect(featureDays('0')).toBe(1);
    expect(featureDays('-3')).toBe(1);
    expect(featureDays('abc')).toBe(30);
    expect(featureDays('')).toBe(30);
    expect(featureDays(null)).toBeNull();
  });
});
