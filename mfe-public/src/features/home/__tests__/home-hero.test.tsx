import { act, screen } from '@testing-library/react';
import { mockApi, renderRoutes } from '../../../testing/render-routes';

const banners = [1, 2, 3].map((n) => ({
  id: `b${n}`,
  source: 'media',
  url: `/api/media/images/banner${n}/full`,
  smallUrl: `/api/media/images/banner${n}/card`,
  alt: `Banner photo ${n}`,
  credit: null,
  order: n,
}));

describe('home hero', () => {
  afterEach(() => vi.useRealTimers());

  it('when banners are active, then each stays 6000 ms before the next one shows', () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderRoutes('/', { seed: [[['banners', 'active'], banners]] });

    expect(screen.getByRole('heading', { level: 1, name: 'Meals Prepped & Delivered Locally' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Banner photo 1' })).toHaveAttribute('fetchpriority', 'high');
    act(() => {
      vi.advanceTimersByTime(5999);
    });
    expect(screen.queryByRole('img', { name: 'Banner photo 2' })).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('img', { name: 'Banner photo 2' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Banner photo 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show banner image 2 of 3' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('when the banners load, then the hero shows them, with both calls to action', async () => {
    mockApi({ '/api/media/banners': { status: 200, body: { items: banners.slice(0, 1) } } });
    renderRoutes('/');
    expect(await screen.findByRole('img', { name: 'Banner photo 1' })).toHaveAttribute('src', '/api/media/images/banner1/full');
    expect(screen.getByRole('link', { name: 'Find a Service' })).toHaveAttribute('href', '/find-service');
    expect(screen.getByRole('link', { name: 'Add Your Service' })).toHaveAttribute('href', '/add-your-service');
    expect(screen.queryByRole('button', { name: /Show banner image/ })).not.toBeInTheDocument();
  });

  it('when there are no banners, then the hero still shows its heading on the plain gradient', async () => {
    mockApi({ '/api/media/banners': { status: 200, body: { items: [] } } });
    renderRoutes('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Meals Prepped & Delivered Locally' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Why choose a local service?' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
