import { mockApi } from '@mealprep/api-client/testing';
import { screen } from '@testing-library/react';
import { renderDashboardAt } from '../../../testing/render-dashboard';

const renderAt = renderDashboardAt;

const me = { status: 200, body: { user: { id: 'u1', email: 'owner@example.com', roles: [] } } };

describe('dashboard home', () => {
  it('when a user owns no service, then they are greeted by e-mail and invited to add a listing', async () => {
    mockApi({ '/api/auth/me': me, '/api/catalog/services/mine': { status: 200, body: { items: [] } } });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, owner@example.com' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Service Owner?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your Service Listing' })).toHaveAttribute('href', '/dashboard/add-service');
    expect(document.title).toBe('Dashboard | Meal Prep Directory');
  });

  it('when a user owns a service, then the welcome line shows instead', async () => {
    mockApi({ '/api/auth/me': me, '/api/catalog/services/mine': { status: 200, body: { items: [{ id: 's1', name: 'A', slug: 'a', status: 'draft' }] } } });
    renderAt('/dashboard');
    expect(await screen.findByText('Welcome to your dashboard. Use the sidebar to navigate.')).toBeInTheDocument();
    expect(screen.queryByText('Service Owner?')).toBeNull();
  });

  it('when no e-mail is known, then the greeting says Friend', async () => {
    mockApi({ '/api/auth/me': { status: 200, body: { user: null } } });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Friend' })).toBeInTheDocument();
  });

  it('when the address is not a dashboard page, then a not-found page links back', async () => {
    mockApi({ '/api/auth/me': me });
    renderAt('/dashboard/nowhere');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
