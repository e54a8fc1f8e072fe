import { callsTo, mockApi } from '@mealprep/api-client/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@mealprep/router';
import { MemoryRouter } from '@mealprep/router/testing';
import type { RemoteRoutesModule } from '../../../lib/federation';
import { ShellRoutes } from '../../../routes';
import { currentLocation, LocationProbe, WithQueryClient } from '../../../testing/providers';

function remote(name: string) {
  return async (): Promise<RemoteRoutesModule> => ({
    default: function Remote() {
      return <p>{`${name} remote at ${useLocation().pathname}`}</p>;
    },
  });
}

function renderAt(path: string) {
  return render(
    <WithQueryClient>
      <MemoryRouter initialEntries={[path]}>
        <ShellRoutes loadPublicRoutes={remote('public')} loadDashboardRoutes={remote('dashboard')} loadAdminRoutes={remote('admin')} />
        <LocationProbe />
      </MemoryRouter>
    </WithQueryClient>,
  );
}

const me = (email: string, roles: string[] = []) => ({ status: 200, body: { user: { id: `id-${email}`, email, roles } } });
const signedOut = { status: 200, body: { user: null } };
const ADMIN_LINKS = ['Banner Images', 'Media', 'Services', 'Import Utilities', 'Service Utilities', 'Blog', 'Claims', 'Reviews', 'Insights', 'Brand'];

describe('dashboard frame', () => {
  it.each(['/dashboard', '/dashboard/add-service', '/dashboard/services', '/dashboard/media', '/dashboard/services/abc/edit'])(
    'when a visitor opens %s, then they are sent to /login',
    async (path) => {
      mockApi({ '/api/auth/me': signedOut });
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      // Back to the page asked for, once signed in.
      expect(currentLocation()).toBe(path === '/dashboard' ? '/login' : `/login?next=${encodeURIComponent(path)}`);
    },
  );

  it('when a plain user opens the dashboard, then the sidebar has their e-mail and no owner or admin links; admin screens send them back', async () => {
    mockApi({ '/api/auth/me': me('user@example.com'), '/api/auth/admin/is-admin': { status: 200, body: { isAdmin: false } }, '/api/catalog/services/mine': { status: 200, body: { items: [] } } });
    renderAt('/dashboard/banner-images');
    expect(await screen.findByText('dashboard remote at /dashboard')).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard');
    expect(screen.getByText('Meal Prep Dashboard')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-user-email')).toHaveTextContent('user@example.com');
    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(nav.queryByRole('link', { name: 'Edit My Service' })).toBeNull();
    for (const label of ADMIN_LINKS) expect(nav.queryByRole('link', { name: label })).toBeNull();
    expect(screen.getByRole('link', { name: '← Meal Prep Directory' })).toHaveAttribute('href', '/');
  });

  it('when an owner opens the dashboard, then "Edit My Service" opens their first service', async () => {
    mockApi({
      '/api/auth/me': me('owner@example.com'),
      '/api/auth/admin/is-admin': { status: 200, body: { isAdmin: false } },
      '/api/catalog/services/mine': {
        status: 200,
        body: {
          items: [
            { id: 'svc-1', name: 'A', slug: 'a', status: 'draft' },
            { id: 'svc-2', name: 'B', slug: 'b', status: 'published' },
          ],
        },
      },
    });
    renderAt('/dashboard');
    const nav = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    expect(await nav.findByRole('link', { name: 'Edit My Service' })).toHaveAttribute('href', '/dashboard/services/svc-1/edit');
  });

  it('when an admin opens an admin screen, then mfe-admin shows it, and the sidebar lists every admin screen', async () => {
    mockApi({
      '/api/auth/me': me('boss@example.com', ['admin']),
      '/api/auth/admin/is-admin': { status: 200, body: { isAdmin: true } },
      '/api/catalog/services/mine': { status: 200, body: { items: [] } },
    });
    renderAt('/dashboard/services');
    expect(await screen.findByText('admin remote at /dashboard/services')).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Dashboard', ...ADMIN_LINKS]);
    expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/dashboard/services');
  });

  it('when the admin check fails, then the user is treated as not admin', async () => {
    mockApi({ '/api/auth/me': me('boss@example.com', ['admin']), '/api/auth/admin/is-admin': { status: 503 }, '/api/catalog/services/mine': { status: 200, body: { items: [] } } });
    renderAt('/dashboard/media');
    expect(await screen.findByText('dashboard remote at /dashboard')).toBeInTheDocument();
  });

  it('when the user logs out, then the session ends and they land on /login', async () => {
    const fetch = mockApi({
      '/api/auth/me': [me('user@example.com'), signedOut],
      '/api/auth/admin/is-admin': { status: 200, body: { isAdmin: false } },
      '/api/catalog/services/mine': { status: 200, body: { items: [] } },
      '/api/auth/logout': { status: 204 },
    });
    renderAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    expect(callsTo(fetch, '/api/auth/logout')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Login');
  });

  it('when signed in, then the public header shows Dashboard instead of Login', async () => {
    mockApi({ '/api/auth/me': me('user@example.com') });
    renderAt('/about');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(await nav.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(nav.queryByRole('link', { name: 'Login' })).toBeNull();
  });
});
