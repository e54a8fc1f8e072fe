import { QueryClient, QueryClientProvider } from '@mealprep/query';
import { renderOnServerThenHydrate } from '@mealprep/ui/testing';
import { within } from '@testing-library/react';
import { callsTo, mockApi } from '../../../testing/render-routes';
import { ClosedNotice, THANK_YOU_TEXT } from '../components/closed-notice';

describe('closed notice on a server-rendered page', () => {
  afterEach(() => {
    delete window.__earlyClicks;
  });

  it('when the visitor presses Report as Still Open twice before the page is hydrated, then once hydrated they are thanked and one report is sent', async () => {
    const fetch = mockApi({ '/api/catalog/services/svc-1/report-still-open': { status: 202, body: { received: true } } });
    const notice = (
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <ClosedNotice serviceId="svc-1" />
      </QueryClientProvider>
    );
    let before: { marked: string | null; disabled: boolean } | null = null;
    const page = await renderOnServerThenHydrate(notice, (container) => {
      const button = within(container).getByRole('button', { name: 'Report as Still Open' });
      before = { marked: button.getAttribute('data-early-click'), disabled: (button as HTMLButtonElement).disabled };
      // What the page's inline script keeps for these two clicks (shell/src/index.html).
      window.__earlyClicks = [
        { key: 'report-still-open', path: window.location.pathname },
        { key: 'report-still-open', path: window.location.pathname },
      ];
    });
    try {
      expect(before).toEqual({ marked: 'report-still-open', disabled: false });
      expect(await within(page.container).findByText(THANK_YOU_TEXT)).toBeInTheDocument();
      await expect.poll(() => callsTo(fetch, '/api/catalog/services/svc-1/report-still-open')).toHaveLength(1);
    } finally {
      page.done();
    }
  });
});
