import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { PageTracker } from '../features/analytics/page-view';
import type { RemoteRoutesModule } from '../features/remotes/federation';
import { createRoutes } from '../routes';

describe('shell routes', () => {
  it('when a page opens and the visitor moves on, then the remote shows Loading…, the page scrolls up and each location is reported', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const tracker: PageTracker = { trackPage: vi.fn() };
    const loadAnalytics = vi.fn(async () => tracker);
    const loadPublicRoutes = () => new Promise<RemoteRoutesModule>(() => {});
    const router = createMemoryRouter(createRoutes({ loadPublicRoutes, loadAnalytics }), { initialEntries: ['/'] });
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );

    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await act(() => router.navigate('/about'));

    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    const origin = window.location.origin;
    // StrictMode runs the effect twice per location; the tracker itself drops the repeats.
    const reported = vi.mocked(tracker.trackPage).mock.calls.map(([view]) => view);
    expect([...new Map(reported.map((view) => [view.url, view])).values()]).toEqual([
      { url: `${origin}/`, pathname: '/' },
      { url: `${origin}/about`, pathname: '/about' },
    ]);
  });
});
