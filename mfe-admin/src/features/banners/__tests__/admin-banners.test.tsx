import { bodiesTo, callsTo, mockApi } from '@mealprep/api-client/testing';
import type { AdminBannerImage } from '@mealprep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminAt } from '../../../testing/render-admin';
import { findNotice } from '@mealprep/ui/testing';

const renderBanners = (path = '/dashboard/banner-images') => renderAdminAt(path);

const banner = (id: string, isActive = true): AdminBannerImage => ({ id, source: 'custom', url: `/img/${id}`, smallUrl: `/img/${id}/s`, alt: `Banner ${id}`, credit: null, order: 1, isActive });
const photo = (id: string) => ({ id, urls: { regular: `/r/${id}`, small: `/s/${id}` }, alt_description: `Photo ${id}`, user: { name: 'Pat Lens', username: 'pat' } });

describe('banner images screen', () => {
  it('when there are none and stock photos are not configured, then both are said', async () => {
    mockApi({ '/api/media/admin/banners': { status: 200, body: { items: [], stockPhotosConfigured: false } } });
    renderBanners();
    expect(await screen.findByText('No banner images yet')).toBeInTheDocument();
    expect(screen.getByText(/Stock photo search is not configured/)).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search stock photos' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Image URL' })).toBeInTheDocument();
  });

  it('when an admin searches with the default query, then 20 come with more to load; Add stores one and says so', async () => {
    const fetch = mockApi({
      '/api/media/admin/banners': { status: 200, body: { items: [banner('a')], stockPhotosConfigured: true } },
      '/api/media/admin/stock-photos': [
        { status: 200, body: { images: Array.from({ length: 20 }, (_, i) => photo(`p${i}`)), hasMore: true } },
        { status: 200, body: { images: [photo('p20')], hasMore: false } },
      ],
    });
    renderBanners();
    expect(await screen.findByRole('searchbox', { name: 'Search stock photos' })).toHaveValue('meal prep food healthy');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Stock photos' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(20);
    expect(Object.fromEntries(callsTo(fetch, '/api/media/admin/stock-photos')[0]!.searchParams)).toEqual({ query: 'meal prep food healthy', page: '1' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(results).findAllByRole('listitem')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await userEvent.click(within(results).getAllByRole('button', { name: 'Add' })[0]!);
    expect(bodiesTo(fetch, '/api/media/admin/banners').filter(Boolean)).toEqual([{ source: 'unsplash', unsplashId: 'p0' }]);
    expect(await findNotice('Image added successfully!')).toBeInTheDocument();
  });

  it('when banners are selected, then they are activated, deactivated or deleted together; a failure alerts', async () => {
    const fetch = mockApi({
      '/api/media/admin/banners': { status: 200, body: { items: [banner('a'), banner('b', false)], stockPhotosConfigured: true } },
      '/api/media/admin/banners/bulk': { status: 200, body: { updated: 2 } },
      '/api/media/admin/banners/bulk/delete': { status: 500 },
      '/api/media/admin/banners/b': { status: 200, body: { updated: 1 } },
    });
    renderBanners();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Banner a' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Banner b' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Deactivate' }));
    expect(bodiesTo(fetch, '/api/media/admin/banners/bulk')).toEqual([{ ids: ['a', 'b'], changes: { isActive: false } }]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Banner a' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    expect(await findNotice('Failed to delete images')).toBeInTheDocument();
    const b = screen.getByText('Banner b').closest('li')!;
    await userEvent.click(within(b).getByRole('button', { name: 'Activate' }));
    expect(bodiesTo(fetch, '/api/media/admin/banners/b')).toEqual([{ isActive: true }]);
  });

  it('when a banner is moved earlier, then the list is renumbered in the new order', async () => {
    const first = { ...banner('a'), order: 0 };
    const second = { ...banner('b'), order: 1 };
    const third = { ...banner('c'), order: 1 };
    const fetch = mockApi({
      '/api/media/admin/banners': { status: 200, body: { items: [first, second, third], stockPhotosConfigured: true } },
      '/api/media/admin/banners/a': { status: 200, body: {} },
      '/api/media/admin/banners/b': { status: 200, body: {} },
      '/api/media/admin/banners/c': { status: 200, body: {} },
    });
    renderBanners();
    expect(await screen.findByRole('button', { name: 'Move Banner b earlier' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Banner a earlier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move Banner c later' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Move Banner c earlier' }));
    // a stays 0; c becomes 1 (it was 1 already), b becomes 2.
    expect(bodiesTo(fetch, '/api/media/admin/banners/a')).toEqual([]);
    expect(bodiesTo(fetch, '/api/media/admin/banners/c')).toEqual([]);
    expect(bodiesTo(fetch, '/api/media/admin/banners/b')).toEqual([{ order: 2 }]);
  });
});
