import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { useNavigate, type NavigateFunction } from '@mealprep/router';
import { MemoryRouter } from '@mealprep/router/testing';
import type { PageTracker } from '../features/analytics/page-view';
import type { RemoteRoutesModule } from '../lib/federation';
import { RouteErrorBoundary } from '../features/layout/components/route-error';
import { ShellRoutes } from '../routes';
import { WithQueryClient } from '../testing/providers';

const never = () => new Promise<RemoteRoutesModule>(() => {});

let navigate: NavigateFunction;
function NavigateProbe() {
  navigate = useNavigate();
  return null;
}

describe('shell routes', () => {
  it('when a page opens and the visitor moves on, then the remote shows Loading…, the page scrolls up and each location is reported', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const tracker: PageTracker = { trackPage: vi.fn() };
    const loadAnalytics = vi.fn(async () => tracker);
    const loadPublicRoutes = () => new Promise<RemoteRoutesModule>(() => {});
    render(
      <StrictMode>
        <MemoryRouter initialEntries={['/']}>
          <WithQueryClient>
            <ShellRoutes loadPublicRoutes={loadPublicRoutes} loadDashboardRoutes={never} loadAdminRoutes={never} loadAnalytics={loadAnalytics} />
          </WithQueryClient>
          <NavigateProbe />
        </MemoryRouter>
      </StrictMode>,
    );

    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    await act(() => navigate('/about'));

    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    const origin = window.location.origin;
    // StrictMode runs the effect twice per location; the tracker itself drops the repeats.
    const reported = vi.mocked(tracker.trackPage).mock.calls.map(([view]) => view);
    expect([...new Map(reported.map((view) => [view.url, view])).values()]).toEqual([
      { url: `${origin}/`, pathname: '/' },
      { url: `${origin}/about`, pathname: '/about' },
    ]);
  });

  it('when something outside the remote areas fails to render, then the last-resort error page shows instead of a blank page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <RouteErrorBoundary>
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
