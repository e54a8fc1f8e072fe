import { callsTo, mockApi } from '@mealprep/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminAt } from '../../../testing/render-admin';

const SITE = '/api/catalog/admin/insights';

describe('site insights', () => {
  it("when an admin opens Insights, then the site's quote requests, the most viewed listings, those sent the most requests and the searches that found nothing show, for 30 or 90 days", async () => {
    const fetch = mockApi({
      [SITE]: [
        {
          status: 200,
          body: {
            totals: { views: 50, leads: 3 },
            mostViewed: [
              { serviceId: 'a'.repeat(24), name: 'Green Fork', slug: 'green-fork', views: 41, leads: 1 },
              { serviceId: 'b'.repeat(24), name: 'Blue Plate', slug: 'blue-plate', views: 9, leads: 2 },
            ],
            mostLeads: [
              { serviceId: 'b'.repeat(24), name: 'Blue Plate', slug: 'blue-plate', views: 9, leads: 2 },
              { serviceId: 'a'.repeat(24), name: 'Green Fork', slug: 'green-fork', views: 41, leads: 1 },
            ],
            emptySearches: [{ term: 'vegan tacos', count: 5 }],
          },
        },
        { status: 200, body: { totals: { views: 0, leads: 0 }, mostViewed: [], mostLeads: [], emptySearches: [] } },
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
    // The site's quote requests: 3 of 50 views, and the listings sent the most, with their share.
    expect(within(screen.getByLabelText('The site')).getByText('Views to quote requests').parentElement).toHaveTextContent('Views to quote requests6%');
    const asked = within(screen.getByRole('region', { name: 'Listings sent the most quote requests' })).getAllByRole('row');
    expect(asked[1]).toHaveTextContent('Blue Plate9222%');
    expect(asked[2]).toHaveTextContent('Green Fork4112.4%');

    await userEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(await screen.findByText('No listing was viewed in these 90 days.')).toBeInTheDocument();
    expect(screen.getByText('Every search found something in these 90 days.')).toBeInTheDocument();
    expect(screen.getByText('No listing was sent a quote request in these 90 days.')).toBeInTheDocument();
    expect(callsTo(fetch, SITE).map((u) => u.searchParams.get('days'))).toEqual(['30', '90']);
  });
});
