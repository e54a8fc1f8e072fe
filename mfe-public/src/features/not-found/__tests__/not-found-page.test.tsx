import { screen } from '@testing-library/react';
import { renderRoutes } from '../../../testing/render-routes';

describe('not-found page', () => {
  it('when the path matches no page, then Page Not Found offers home and Find a Service', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderRoutes('/no/such/page');

    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/couldn't find the page/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Find a Service' })).toHaveAttribute('href', '/find-service');
    expect(document.title).toBe('Page Not Found | Meal Prep Directory');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });
});
