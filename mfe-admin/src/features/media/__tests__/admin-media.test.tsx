import { bodiesTo, callsTo, mockApi } from '@mealprep/api-client/testing';
import type { AdminMediaItem } from '@mealprep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminAt } from '../../../testing/render-admin';
import { findNotice } from '@mealprep/ui/testing';

const renderMedia = (path = '/dashboard/media') => renderAdminAt(path);

const item = (id: string, overrides: Partial<AdminMediaItem> = {}): AdminMediaItem => ({
  id,
  url: `/api/media/images/${id}/card`,
  altText: `${id} logo`,
  associatedEntityId: 'a'.repeat(24),
  serviceName: 'Green Fork Kitchen',
  featured: false,
  countryCode: 'US',
  createdAt: '2026-11-01T00:00:00.000Z',
  deletedAt: null,
  ...overrides,
});

describe('media management screen', () => {
  it('when media are listed, then each card shows its service, links to its edit page, edits alt text and soft-deletes', async () => {
    const fetch = mockApi({
      '/api/media/admin/media': { status: 200, body: { items: [item('logo-a'), item('logo-b', { deletedAt: '2026-11-02T00:00:00.000Z', serviceName: null, associatedEntityId: null })] } },
      '/api/media/admin/media/logo-a': { status: 200, body: {} },
      '/api/media/admin/media/logo-a/delete': { status: 200, body: { deleted: 1 } },
      '/api/media/admin/media/logo-b/restore': { status: 500 },
    });
    renderMedia();
    const card = (await screen.findByText('Green Fork Kitchen')).closest('li')!;
    expect(within(card).getByRole('link', { name: 'Service' })).toHaveAttribute('href', `/dashboard/services/${'a'.repeat(24)}/edit`);
    await userEvent.click(within(card).getByRole('button', { name: 'Owner info' }));
    expect(await findNotice('Owner info coming soon')).toBeInTheDocument();
    const alt = within(card).getByLabelText('Alt text');
    await userEvent.clear(alt);
    await userEvent.type(alt, 'Bowls and greens');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(bodiesTo(fetch, '/api/media/admin/media/logo-a')).toEqual([{ altText: 'Bowls and greens' }]);
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(callsTo(fetch, '/api/media/admin/media/logo-a/delete')).toHaveLength(1);
    const deleted = screen.getByText('No service').closest('li')!;
    await userEvent.click(within(deleted).getByRole('button', { name: 'Restore' }));
    expect(await findNotice('Failed to restore media')).toBeInTheDocument();
  });

  it('when filters are set, then they go into the URL and the request; nothing found says so', async () => {
    const fetch = mockApi({ '/api/media/admin/media': { status: 200, body: { items: [] } } });
    renderMedia();
    expect(await screen.findByText('No media items found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Featured services only' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include deleted' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search media' }), 'kitchen{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/media?featuredOnly=true&includeDeleted=true&q=kitchen');
    const last = callsTo(fetch, '/api/media/admin/media').at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({ featuredOnly: 'true', includeDeleted: 'true', q: 'kitchen' });
  });

  it('when cards are selected, then they are deleted together', async () => {
    const fetch = mockApi({
      '/api/media/admin/media': { status: 200, body: { items: [item('logo-a'), item('logo-c')] } },
      '/api/media/admin/media/bulk/delete': { status: 200, body: { deleted: 2 } },
    });
    renderMedia();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select logo-a logo' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select logo-c logo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 2 selected' }));
    expect(bodiesTo(fetch, '/api/media/admin/media/bulk/delete')).toEqual([{ ids: ['logo-a', 'logo-c'] }]);
  });
});
