import { screen, waitFor, within } from '@testing-library/react';
import { callsTo, mockApi, renderRoutes, serviceCard, serviceList } from '../../../testing/render-routes';

const SERVICES = '/api/catalog/services';

describe('featured services carousel', () => {
  it('when there are featured services, then the logo list is rendered twice, the copy hidden and unfocusable', async () => {
    const fetch = mockApi({
      [SERVICES]: {
        status: 200,
        body: serviceList([serviceCard({ name: 'Green Box', slug: 'green-box', logoImageId: 'logo1', featured: true }), serviceCard({ name: 'Fit Fuel', slug: 'fit-fuel', featured: true })]),
      },
    });
    const { container } = renderRoutes('/');

    const section = await screen.findByRole('region', { name: 'Featured Services' });
    const visible = within(section).getAllByRole('link');
    expect(visible.map((link) => link.textContent)).toEqual(['Green Box', 'FFFit Fuel']);
    expect(visible[0]).toHaveAttribute('href', '/service/green-box');
    expect(within(visible[0]!).getByRole('presentation')).toHaveAttribute('src', '/api/media/images/logo1/thumb');

    const copy = container.querySelector('ul[data-copy]');
    expect(copy).toHaveAttribute('aria-hidden', 'true');
    const copyLinks = Array.from(copy!.querySelectorAll('a'));
    expect(copyLinks.map((a) => a.getAttribute('href'))).toEqual(['/service/green-box', '/service/fit-fuel']);
    expect(copyLinks.every((a) => a.getAttribute('tabindex') === '-1')).toBe(true);

    const query = callsTo(fetch, SERVICES)[0]!.searchParams;
    expect(query.get('featured')).toBe('true');
    expect(query.get('pageSize')).toBe('60');
  });

  it('when no service is featured, then the section is not shown', async () => {
    const fetch = mockApi({ [SERVICES]: { status: 200, body: serviceList([]) } });
    renderRoutes('/');
    // The kept space leaves when the answer has been drawn: only then is 'nothing shown' a finding.
    expect(screen.getByTestId('featured-placeholder')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('featured-placeholder')).not.toBeInTheDocument());
    expect(callsTo(fetch, SERVICES)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Featured Services' })).not.toBeInTheDocument();
  });

  it('when the featured services are still loading, then their space is kept, hidden from assistive technology', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderRoutes('/');
    const placeholder = screen.getByTestId('featured-placeholder');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(placeholder).toHaveClass('min-h-[12.5rem]');
    expect(screen.queryByRole('region', { name: 'Featured Services' })).not.toBeInTheDocument();
  });
});
