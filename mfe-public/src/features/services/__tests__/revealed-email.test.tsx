import { QueryClient, QueryClientProvider } from '@mealprep/query';
import { renderOnServerThenHydrate } from '@mealprep/ui/testing';
import { within } from '@testing-library/react';
import { callsTo, mockApi } from '../../../testing/render-routes';
import { RevealedEmail, SHOW_EMAIL_TEXT } from '../components/service-details';

describe("a listing's e-mail address its owner shows", () => {
  afterEach(() => {
    delete window.__earlyClicks;
  });

  it('when the visitor presses Show e-mail address twice before the page is hydrated, then once hydrated the address is a mail link, asked for once', async () => {
    const fetch = mockApi({ '/api/catalog/services/svc-1/contact-email': { status: 200, body: { email: 'hello@kitchen.test' } } });
    const details = (
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <RevealedEmail serviceId="svc-1" />
      </QueryClientProvider>
    );
    let before: { marked: string | null; html: string } | null = null;
    const page = await renderOnServerThenHydrate(details, (container) => {
      const button = within(container).getByRole('button', { name: SHOW_EMAIL_TEXT });
      before = { marked: button.getAttribute('data-early-click'), html: container.innerHTML };
      // What the page's inline script keeps for these two clicks (shell/src/index.html).
      window.__earlyClicks = [
        { key: 'show-email', path: window.location.pathname },
        { key: 'show-email', path: window.location.pathname },
      ];
    });
    try {
      expect(before!.marked).toBe('show-email');
      expect(before!.html).not.toContain('hello@kitchen.test');
      const link = await within(page.container).findByRole('link', { name: 'hello@kitchen.test' });
      expect(link).toHaveAttribute('href', 'mailto:hello@kitchen.test');
      expect(callsTo(fetch, '/api/catalog/services/svc-1/contact-email')).toHaveLength(1);
    } finally {
      page.done();
    }
  });
});
