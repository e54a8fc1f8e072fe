import { callsTo, mockApi } from '@mealprep/api-client/testing';
import { viewToLeadRate } from '@mealprep/contracts/browser';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeText, VIEW_TO_LEAD_LABEL } from '../components/listing-insights';
import { renderDashboardAt } from '../../../testing/render-dashboard';

const ID = 'a'.repeat(24);
const INSIGHTS = `/api/catalog/services/${ID}/insights`;
const zero = { views: 0, website: 0, phone: 0, email: 0, near: 0, search: 0, leads: 0 };
const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ ...zero, day: new Date(Date.UTC(2026, 9, 3 + i)).toISOString().slice(0, 10), views: i === n - 1 ? 7 : 1, website: i === n - 1 ? 2 : 0 }));

const renderAt = renderDashboardAt;

describe('listing insights', () => {
  afterEach(() => document.documentElement.classList.remove('dark'));

  it('when an owner opens the dashboard, then each listing shows its totals with the change, a chart in the page theme and every number in a table', async () => {
    const fetch = mockApi({
      '/api/auth/me': { status: 200, body: { user: { id: 'u1', email: 'owner@example.com', roles: [] } } },
      '/api/catalog/services/mine': { status: 200, body: { items: [{ id: ID, name: 'Green Fork', slug: 'green-fork', status: 'published' }] } },
      [INSIGHTS]: [
        { status: 200, body: { serviceId: ID, days: days(30), totals: { ...zero, views: 36, website: 2 }, previousTotals: { ...zero, views: 30, website: 0 } } },
        { status: 200, body: { serviceId: ID, days: days(90), totals: { ...zero, views: 96, website: 2 }, previousTotals: { ...zero, views: 120, website: 2 } } },
      ],
    });
    renderAt('/dashboard');
    const panel = await screen.findByRole('region', { name: 'Insights: Green Fork' });
    const views = (await within(panel).findByText('Page views', { selector: 'dt' })).parentElement!;
    expect(views).toHaveTextContent('Page views36+6 (+20%) from the 30 days before');
    expect(within(panel).getByText('Website clicks', { selector: 'dt' }).parentElement).toHaveTextContent('+2 (new)');
    const chart = within(panel).getByRole('img');
    expect(chart).toHaveAttribute('src', `${INSIGHTS}/chart?days=30&metric=views&theme=light`);
    expect(chart).toHaveAccessibleName('Page views per day over the last 30 days: 36 in all. The numbers are in the table below.');
    const table = within(panel).getByRole('table', { hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(31);
    expect(within(table).getAllByRole('row', { hidden: true })[1]).toHaveTextContent('Nov 1' + '72' + '0000');

    document.documentElement.classList.add('dark');
    await userEvent.selectOptions(within(panel).getByLabelText('Chart'), 'Website clicks');
    expect(within(panel).getByRole('img')).toHaveAttribute('src', `${INSIGHTS}/chart?days=30&metric=website&theme=dark`);

    await userEvent.click(within(panel).getByRole('button', { name: 'Last 90 days' }));
    expect(await within(panel).findByText('96')).toBeInTheDocument();
    expect(within(panel).getByText('Page views', { selector: 'dt' }).parentElement).toHaveTextContent('−24 (−20%)');
    expect(within(panel).getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo(fetch, INSIGHTS).map((u) => u.searchParams.get('days'))).toEqual(['30', '90']);
  });

  it('when a listing was sent quote requests, then its owner sees them per day and the share of page views that became one', async () => {
    mockApi({
      '/api/auth/me': { status: 200, body: { user: { id: 'u1', email: 'owner@example.com', roles: [] } } },
      '/api/catalog/services/mine': { status: 200, body: { items: [{ id: ID, name: 'Green Fork', slug: 'green-fork', status: 'published' }] } },
      [INSIGHTS]: {
        status: 200,
        body: { serviceId: ID, days: days(30).map((d, i) => ({ ...d, leads: i === 29 ? 3 : 0 })), totals: { ...zero, views: 36, leads: 3 }, previousTotals: { ...zero, views: 0, leads: 0 } },
      },
    });
    renderAt('/dashboard');
    const panel = await screen.findByRole('region', { name: 'Insights: Green Fork' });
    expect((await within(panel).findByText('Quote requests', { selector: 'dt' })).parentElement).toHaveTextContent('Quote requests3+3 (new)');
    // 3 of 36 views: 8.3%; the period before had no views, so no share.
    expect(within(panel).getByText(VIEW_TO_LEAD_LABEL, { selector: 'dt' }).parentElement).toHaveTextContent(`${VIEW_TO_LEAD_LABEL}8.3%— in the 30 days before`);
    // Per day, beside the table of what pages counted: the days that had any, 3 of that day's 7 views.
    const perDay = within(panel).getByRole('list', { name: 'Quote requests per day, last 30 days', hidden: true });
    expect(
      within(perDay)
        .getAllByRole('listitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['Nov 1: 3 requests (43% of 7 page views)']);
    await userEvent.selectOptions(within(panel).getByLabelText('Chart'), 'Quote requests');
    expect(within(panel).getByRole('img')).toHaveAttribute('src', `${INSIGHTS}/chart?days=30&metric=leads&theme=light`);
  });

  it('when the change and the share of views are counted, then they read as people would say them', () => {
    expect(changeText(5, 5)).toBe('no change');
    expect(changeText(3, 0)).toBe('+3 (new)');
    expect(changeText(0, 4)).toBe('−4 (−100%)');
    expect(viewToLeadRate(0, 2)).toBeNull();
    expect(viewToLeadRate(200, 0)).toBe('0%');
    expect(viewToLeadRate(1000, 3)).toBe('0.3%');
    expect(viewToLeadRate(40, 5)).toBe('13%');
  });
});
