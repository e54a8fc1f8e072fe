import { screen, within } from '@testing-library/react';
import { article, fullArticle, mockApi, notFound, renderRoutes } from '../../../testing/render-routes';

describe('articles list', () => {
  it('when articles load, then each card shows title, excerpt, date, category and at most three tags', async () => {
    mockApi({
      '/api/catalog/articles': {
        status: 200,
        body: { items: [article({ featuredImageUrl: '/img/bowl.webp', featuredImageAlt: 'A bowl of rice' })] },
      },
    });
    renderRoutes('/articles');

    expect(await screen.findByRole('heading', { level: 1, name: 'Articles' })).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Meal Prep Basics' })).closest('article')!;
    expect(within(card).getByRole('link', { name: 'Meal Prep Basics' })).toHaveAttribute('href', '/articles/meal-prep-basics');
    expect(within(card).getByText('How to start prepping a week of meals.')).toBeInTheDocument();
    expect(within(card).getByText('March 4, 2025')).toHaveAttribute('datetime', '2025-03-04T12:00:00.000Z');
    expect(within(card).getByText('Guides')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'A bowl of rice' })).toHaveAttribute('loading', 'lazy');
    const tags = within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((t) => t.textContent)).toEqual(['beginners', 'planning', 'budget']);
  });

  it('when there are no articles, then "No articles available yet. Check back soon!" shows', async () => {
    mockApi({ '/api/catalog/articles': { status: 200, body: { items: [] } } });
    renderRoutes('/articles');
    expect(await screen.findByText('No articles available yet. Check back soon!')).toBeInTheDocument();
  });
});

describe('article page', () => {
  function viewPosts(fetch: ReturnType<typeof mockApi>, id: string) {
    return fetch.mock.calls.filter(([url, init]) => String(url) === `/api/catalog/articles/${id}/views` && init?.method === 'POST');
  }

  it('when the article loads, then title, author, date, tags, image and content show with a back link', async () => {
    const post = fullArticle({ id: 'a00000000000000000000001', featuredImageUrl: '/img/hero.webp', featuredImageAlt: 'Meal boxes' });
    mockApi({
      '/api/catalog/articles/meal-prep-basics': { status: 200, body: post },
      [`/api/catalog/articles/${post.id}/views`]: { status: 204 },
    });
    renderRoutes('/articles/meal-prep-basics');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Prep Basics' })).toBeInTheDocument();
    expect(screen.getByText('By Sam Cook')).toBeInTheDocument();
    expect(screen.getByText('March 4, 2025')).toBeInTheDocument();
    expect(screen.getByText('storage')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Meal boxes' })).toHaveAttribute('src', '/img/hero.webp');
    expect(screen.getByRole('heading', { level: 2, name: 'Shopping' })).toBeInTheDocument();
    expect(screen.getByText('three').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '← Back to Articles' })).toHaveAttribute('href', '/articles');
    expect(document.title).toBe('Meal Prep Basics | Meal Prep Directory');
  });

  it('when the article loads in StrictMode and is refetched, then its view is counted once', async () => {
    const post = fullArticle({ id: 'a00000000000000000000002' });
    const fetch = mockApi({
      '/api/catalog/articles/meal-prep-basics': { status: 200, body: post },
      [`/api/catalog/articles/${post.id}/views`]: { status: 204 },
    });
    const { queryClient } = renderRoutes('/articles/meal-prep-basics', { strict: true });
    await screen.findByRole('heading', { level: 1, name: 'Meal Prep Basics' });
    await queryClient.invalidateQueries({ queryKey: ['articles'] });
    await screen.findByRole('heading', { level: 1, name: 'Meal Prep Basics' });

    expect(viewPosts(fetch, post.id)).toHaveLength(1);
  });

  it('when counting the view fails, then the reader sees nothing of it', async () => {
    const post = fullArticle({ id: 'a00000000000000000000003' });
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const fetch = mockApi({
      '/api/catalog/articles/meal-prep-basics': { status: 200, body: post },
      [`/api/catalog/articles/${post.id}/views`]: { status: 500, body: { error: { code: 'internal', message: 'Oops.' } } },
    });
    renderRoutes('/articles/meal-prep-basics');
    await screen.findByRole('heading', { level: 1, name: 'Meal Prep Basics' });
    await vi.waitFor(() => expect(debug).toHaveBeenCalled());
    expect(viewPosts(fetch, post.id)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the article does not exist, then Article Not Found shows with the back link', async () => {
    mockApi({ '/api/catalog/articles/gone': notFound });
    renderRoutes('/articles/gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Articles' })).toHaveAttribute('href', '/articles');
  });
});
