import { bodiesTo, mockApi } from '@mealprep/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminAt } from '../../../testing/render-admin';

const renderBlog = (path = '/dashboard/blog') => renderAdminAt(path);

const post = (n: number, status: 'published' | 'draft') => ({
  id: n.toString(16).padStart(24, '0'),
  slug: `post-${n}`,
  title: `Post ${n}`,
  status,
  publishedAt: status === 'published' ? '2026-10-01T00:00:00.000Z' : null,
  updatedAt: '2026-10-01T00:00:00.000Z',
  viewCount: n,
});

describe('admin blog', () => {
  it('when posts are listed, then drafts can be published and published ones unpublished', async () => {
    const fetch = mockApi({
      '/api/catalog/admin/articles': { status: 200, body: { items: [post(1, 'published'), post(2, 'draft')] } },
      [`/api/catalog/admin/articles/${post(1, 'draft').id}/status`]: { status: 200, body: {} },
      [`/api/catalog/admin/articles/${post(2, 'draft').id}/status`]: { status: 200, body: {} },
    });
    renderBlog();
    const published = (await screen.findByText('Post 1')).closest('tr')!;
    expect(within(published).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/articles/post-1');
    await userEvent.click(within(published).getByRole('button', { name: 'Unpublish' }));
    expect(bodiesTo(fetch, `/api/catalog/admin/articles/${post(1, 'draft').id}/status`)).toEqual([{ status: 'draft' }]);
    await userEvent.click(within(screen.getByText('Post 2').closest('tr')!).getByRole('button', { name: 'Publish' }));
    expect(bodiesTo(fetch, `/api/catalog/admin/articles/${post(2, 'draft').id}/status`)).toEqual([{ status: 'published' }]);
    expect(document.title).toBe('Blog | Meal Prep Directory');
  });

  it('when there are no posts, then the page says where they come from', async () => {
    mockApi({ '/api/catalog/admin/articles': { status: 200, body: { items: [] } } });
    renderBlog();
    expect(await screen.findByText(/No blog posts yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import Utilities' })).toHaveAttribute('href', '/dashboard/import-utilities');
  });
});
