import { bodiesTo, callsTo, mockApi } from '@mealprep/api-client/testing';
import type { BulkCheckStatus, WebsiteCheck } from '@mealprep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerDialog, findNotice, noticeTexts } from '@mealprep/ui/testing';
import { renderAdminAt } from '../../../testing/render-admin';

const MINUTE = 60_000;
const status = (over: Partial<BulkCheckStatus> = {}): BulkCheckStatus => ({
  totalServices: 12,
  uncheckedCount: 4,
  recentChecks: 8,
  checksLastHour: 3,
  mostRecentCheckAt: new Date(Date.now() - 2 * MINUTE).toISOString(),
  run: null,
  ...over,
});
const check = (n: number, over: Partial<WebsiteCheck> = {}): WebsiteCheck => ({
  id: n.toString(16).padStart(24, '0'),
  serviceId: (100 + n).toString(16).padStart(24, '0'),
  serviceName: `Kitchen ${n}`,
  serviceSlug: `kitchen-${n}`,
  websiteUrl: `https://kitchen-${n}.example.com`,
  status: 'error',
  httpStatus: 404,
  errorMessage: 'The site answered HTTP 404.',
  flags: [],
  finalUrl: null,
  checkedAt: '2026-11-20T10:00:00.000Z',
  nextCheckDue: '2026-11-21T10:00:00.000Z',
  reviewedAt: null,
  reviewAction: null,
  suggestedAction: 'review',
  ...over,
});
const LONG = 'Refused: sneaky.example.com resolves to a private address (10.1.2.3).';

describe('Service Utilities', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when the screen opens, then the status box, the unreviewed checks and every column show as the spec says', async () => {
    const fetch = mockApi({
      '/api/checker/admin/checks/status': { status: 200, body: status() },
      '/api/checker/admin/checks': {
        status: 200,
        body: {
          items: [
            check(1),
            check(2, { status: 'blank', httpStatus: 200, errorMessage: LONG }),
            check(3, { status: null, httpStatus: null, errorMessage: null, checkedAt: null, nextCheckDue: null, suggestedAction: null }),
          ],
          total: 3,
          page: 1,
          pageSize: 200,
        },
      },
    });
    renderAdminAt('/dashboard/service-utilities');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Utilities' })).toBeInTheDocument();
    expect(document.title).toBe('Service Utilities | Meal Prep Directory');
    const box = await screen.findByRole('status', { name: 'Bulk Check Status' });
    for (const [label, value] of [
      ['Total Services', '12'],
      ['Unchecked', '4'],
      ['Recent (30d)', '8'],
      ['Last Hour', '3'],
    ] as const) {
      expect(within(box).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(box).queryByText('(No activity in last 15 min - may be stalled)')).not.toBeInTheDocument();
    expect(callsTo(fetch, '/api/checker/admin/checks')[0]!.searchParams.get('filter')).toBe('unreviewed');
    const first = (await screen.findByText('Kitchen 1')).closest('tr')!;
    expect(within(first).getByRole('link', { name: 'https://kitchen-1.example.com' })).toHaveAttribute('href', 'https://kitchen-1.example.com');
    expect(within(first).getByRole('link', { name: 'Admin Page' })).toHaveAttribute('href', `/dashboard/services/${check(1).serviceId}/edit`);
    expect(within(first).getByRole('link', { name: 'Public Page' })).toHaveAttribute('href', '/service/kitchen-1');
    expect(within(first).getByText('HTTP 404')).toBeInTheDocument();
    expect(within(first).getByText(/^Next: /)).toBeInTheDocument();
    for (const action of ['Re-check', 'Close', 'Ignore']) expect(within(first).getByRole('button', { name: action })).toBeInTheDocument();
    const second = screen.getByText('Kitchen 2').closest('tr')!;
    expect(within(second).getByText(`${LONG.slice(0, 50)}…`)).toBeInTheDocument();
    expect(within(second).getByText('blank').className).toContain('yellow');
    expect(within(first).getByText('error').className).toContain('red');
    expect(within(screen.getByText('Kitchen 3').closest('tr')!).getByText('Never checked')).toBeInTheDocument();
  });

  it('when nothing ran in the last hour and the latest check is over 15 minutes old, then the stalled warning shows; a running check shows its progress', async () => {
    mockApi({
      '/api/checker/admin/checks/status': {
        status: 200,
        body: status({ checksLastHour: 0, mostRecentCheckAt: new Date(Date.now() - 16 * MINUTE).toISOString(), run: { queued: 40, done: 15, startedAt: new Date().toISOString(), finishedAt: null } }),
      },
      '/api/checker/admin/checks': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 200 } },
    });
    renderAdminAt('/dashboard/service-utilities');
    expect(await screen.findByText('(No activity in last 15 min - may be stalled)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Bulk check progress' })).toHaveAttribute('value', '15');
    expect(screen.getByText('15 / 40 checked')).toBeInTheDocument();
    expect(screen.getByText('No checks to review')).toBeInTheDocument();
  });

  it('when the admin queues checks, closes and ignores, then the right calls go out with the confirm; failures say the spec messages', async () => {
    const fetch = mockApi({
      '/api/checker/admin/checks/status': { status: 200, body: status() },
      '/api/checker/admin/checks': { status: 200, body: { items: [check(1), check(2)], total: 2, page: 1, pageSize: 200 } },
      '/api/checker/admin/checks/run-unchecked': { status: 202, body: { queued: 4 } },
      '/api/checker/admin/checks/run-all': { status: 503, body: { error: { code: 'unavailable', message: '' } } },
      '/api/checker/admin/checks/bulk/close': [
        { status: 200, body: { reviewed: 2 } },
        { status: 500, body: {} },
      ],
      '/api/checker/admin/checks/bulk/ignore': { status: 500, body: {} },
    });
    renderAdminAt('/dashboard/service-utilities');
    await screen.findByText('Kitchen 1');
    await userEvent.click(screen.getByRole('button', { name: 'Check Unchecked Only' }));
    expect(callsTo(fetch, '/api/checker/admin/checks/run-unchecked')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Check All Services' }));
    expect(await findNotice('Failed to check websites')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as Closed' }));
    await answerDialog('Mark 2 service(s) as closed?', 'Mark as closed');
    await vi.waitFor(() => expect(bodiesTo(fetch, '/api/checker/admin/checks/bulk/close')).toEqual([{ ids: [check(1).id, check(2).id] }]));
    await vi.waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked());

    await userEvent.click(within(screen.getByText('Kitchen 2').closest('tr')!).getByRole('button', { name: 'Close' }));
    await answerDialog('Mark 1 service(s) as closed?', 'Mark as closed');
    expect(await findNotice('Failed to mark service as closed')).toBeInTheDocument();
    await userEvent.click(within(screen.getByText('Kitchen 1').closest('tr')!).getByRole('button', { name: 'Ignore' }));
    expect(bodiesTo(fetch, '/api/checker/admin/checks/bulk/ignore')).toEqual([{ ids: [check(1).id] }]);
    expect(await findNotice('Failed to ignore check')).toBeInTheDocument();
  });

  it('when the admin re-checks a site that takes long to answer, then the row says Checking… until the result comes, which is then said and shown', async () => {
    let answer: (value?: unknown) => void = () => undefined;
    const slow = new Promise((resolve) => (answer = resolve));
    const fetch = mockApi({
      '/api/checker/admin/checks/status': { status: 200, body: status() },
      '/api/checker/admin/checks': [
        { status: 200, body: { items: [check(1), check(2)], total: 2, page: 1, pageSize: 200 } },
        { status: 200, body: { items: [check(1, { status: 'accessible', httpStatus: 200, errorMessage: null, suggestedAction: null }), check(2)], total: 2, page: 1, pageSize: 200 } },
      ],
      [`/api/checker/admin/checks/services/${check(1).serviceId}/check`]: { status: 200, body: { result: { status: 'accessible' }, suggestedAction: null }, after: slow },
    });
    renderAdminAt('/dashboard/service-utilities');
    const row = (await screen.findByText('Kitchen 1')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Re-check' }));
    expect(within(row).getByRole('button', { name: 'Checking…' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Website check' })).toHaveTextContent('Checking Kitchen 1…');
    expect(callsTo(fetch, `/api/checker/admin/checks/services/${check(1).serviceId}/check`)).toHaveLength(1);

    answer();
    expect(await within(row).findByRole('button', { name: 'Re-check' })).toBeEnabled();
    expect(screen.getByRole('status', { name: 'Website check' })).toHaveTextContent('Kitchen 1: accessible.');
    expect(await within(row).findByText('accessible')).toBeInTheDocument();
    expect(within(row).getByText('HTTP 200')).toBeInTheDocument();
    expect(await noticeTexts()).toEqual([]);
  });

  it("when a re-check really fails, then the admin is told the server's reason, on the screen and in the alert", async () => {
    mockApi({
      '/api/checker/admin/checks/status': { status: 200, body: status() },
      '/api/checker/admin/checks': { status: 200, body: { items: [check(1)], total: 1, page: 1, pageSize: 200 } },
      [`/api/checker/admin/checks/services/${check(1).serviceId}/check`]: {
        status: 504,
        body: { error: { code: 'service_timeout', message: 'The checker service did not answer in time.', service: 'checker' } },
      },
    });
    renderAdminAt('/dashboard/service-utilities');
    const row = (await screen.findByText('Kitchen 1')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Re-check' }));
    expect(await screen.findByRole('status', { name: 'Website check' })).toHaveTextContent('Kitchen 1 could not be checked: The checker service did not answer in time.');
    expect(await findNotice('The checker service did not answer in time.')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Re-check' })).toBeEnabled();
  });

  it('when a check was reviewed, then its actions give way to Closed or Ignored; the filter is kept in the URL', async () => {
    const fetch = mockApi({
      '/api/checker/admin/checks/status': { status: 200, body: status() },
      '/api/checker/admin/checks': { status: 200, body: { items: [check(1, { reviewAction: 'closed' }), check(2, { reviewAction: 'ignored' })], total: 2, page: 1, pageSize: 200 } },
    });
    renderAdminAt('/dashboard/service-utilities?filter=reviewed');
    expect(await within((await screen.findByText('Kitchen 1')).closest('tr')!).findByText('Closed')).toBeInTheDocument();
    expect(within(screen.getByText('Kitchen 2').closest('tr')!).getByText('Ignored')).toBeInTheDocument();
    expect(within(screen.getByText('Kitchen 2').closest('tr')!).queryByRole('button', { name: 'Ignore' })).not.toBeInTheDocument();
    expect(callsTo(fetch, '/api/checker/admin/checks')[0]!.searchParams.get('filter')).toBe('reviewed');
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('reviewed');
  });
});
