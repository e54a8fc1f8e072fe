import { callsTo, mockApi } from '@mealprep/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminAt } from '../../../testing/render-admin';

const SITE = '/api/catalog/admin/insights';

describe('site insights', () => {
  it('when an admin opens Insights, then the most viewed listings and the searches that found nothing show, for 30 or 90 days', async () => {
    const fetch = mockApi({
      [SITE]: [
        {
          status: 200,
          body: {
            mostViewed: [
              { serviceId: 'a'.repeat(24), name: 'Green Fork', slug: 'green-fork', views: 41 },
              { serviceId: 'b'.repeat(24), name: 'Blue Plate', slug: 'blue-plate', views: 9 },
            ],
            emptySearches: [{ term: 'vegan tacos', count: 5 }],
          },
        },
        { status: 200, body: { mostViewed: [], emptySearches: [] } },
      ],
    });
    renderAdminAt('/dashboard/insights');
    const viewed = await screen.findByRole('region', { name: 'Most viewed listings' });
    const rows = within(viewed).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Green Fork41');
    expect(within(rows[1]!).getByRole('link', { name: 'Green Fork' })).toHaveAttribute('href', '/service/green-fork');
    expect(within(rows[1]!).getByRole('link', { name: 'Open the insights of Green Fork' })).toHaveAttribute('href', `/dashboard/services/${'a'.repeat(24)}/edit`);
    expect(within(screen.getByRole('region', { name: 'Searches that found nothing' })).getByRole('row', { name: 'vegan tacos 5' })).toBeInTheDocument();
    expect(document.title).toBe('Insights | Meal Prep Directory');

    await userEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(await screen.findByText('No listing was viewed in these 90 days.')).toBeInTheDocument();
    expect(screen.getByText('Every search found something in these 90 days.')).toBeInTheDocument();
    expect(callsTo(fetch, SITE).map((u) => u.searchParams.get('days'))).toEqual(['30', '90']);
  });
});
