import { act, screen } from '@testing-library/react';
import { inlineRuntimeConfig, mockApi, renderRoutes, runtimeConfig } from '../../../testing/render-routes';

/** Lets promises (lazy page, runtime config) settle while timers are fake. */
async function settle() {
  for (let i = 0; i < 20; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

function embedScripts() {
  return document.querySelectorAll(`script[src="${runtimeConfig.forms.embedScriptSrc}"]`);
}

/** What the provider's script does: put its iframe in the form's container. */
function providerRendersForm(formId: string) {
  const container = document.querySelector(`[data-paperform-id="${formId}"]`)!;
  const iframe = document.createElement('iframe');
  iframe.title = 'Paperform';
  container.appendChild(iframe);
}

describe('embedded form page', () => {
  // The page is a lazy chunk: loaded once here, it then resolves at once under fake timers.
  beforeAll(async () => {
    await import('../../../pages/form-pages');
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    inlineRuntimeConfig();
    mockApi({});
  });
  afterEach(() => {
    vi.useRealTimers();
    embedScripts().forEach((script) => script.remove());
  });

  it('when no add-service form is configured, then /add-your-service explains our own flow and leads to the owner form', async () => {
    document.getElementById('runtime-config')?.remove();
    inlineRuntimeConfig({ ...runtimeConfig, forms: { ...runtimeConfig.forms, addServiceFormId: null } });
    renderRoutes('/add-your-service');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Your Service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start your listing' })).toHaveAttribute('href', '/dashboard/add-service');
    expect(embedScripts()).toHaveLength(0);
    expect(document.title).toBe('Add Your Service | Meal Prep Directory');
  });

  it('when the provider puts its iframe in the page, then the loading text goes after the settle delay', async () => {
    renderRoutes('/add-your-service');
    await settle();

    expect(screen.getByRole('heading', { level: 1, name: 'Add Your Service' })).toBeInTheDocument();
    expect(screen.getByText('Loading form…')).toBeInTheDocument();
    expect(embedScripts()).toHaveLength(1);
    expect(embedScripts()[0]).toHaveProperty('async', true);
    expect(document.querySelector('[data-paperform-id="addservice"]')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    providerRendersForm('addservice');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByText('Loading form…')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.queryByText('Loading form…')).not.toBeInTheDocument();
    expect(screen.getByTitle('Paperform')).toBeInTheDocument();
    expect(screen.queryByText('The form could not be loaded.')).not.toBeInTheDocument();
    expect(document.title).toBe('Add Your Service | Meal Prep Directory');
  });

  it('when nothing appears within 10 s, then a fallback links to the form on the provider site', async () => {
    renderRoutes('/paperform/contact-us');
    await settle();
    expect(document.querySelector('[data-paperform-id="contact-us"]')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(9_999);
    });
    expect(screen.queryByText('The form could not be loaded.')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('The form could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the form in a new tab' })).toHaveAttribute('href', 'https://contact-us.paperform.co');
    expect(screen.queryByText('Loading form…')).not.toBeInTheDocument();
  });

  it('when the embed script fails to load, then the fallback shows at once', async () => {
    renderRoutes('/paperform/contact-us');
    await settle();
    act(() => {
      embedScripts()[0]!.dispatchEvent(new Event('error'));
    });
    expect(screen.getByText('The form could not be loaded.')).toBeInTheDocument();
  });

  it('when the form page is opened again, then the embed script is not added twice', async () => {
    const { unmount } = renderRoutes('/paperform/contact-us');
    await settle();
    unmount();
    renderRoutes('/paperform/other-form');
    await settle();
    expect(embedScripts()).toHaveLength(1);
  });

  it.each(['/paperform', '/paperform/'])('when %s has no form id, then Form Not Found says No form ID provided.', async (path) => {
    renderRoutes(path);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Form Not Found' })).toBeInTheDocument();
    expect(screen.getByText('No form ID provided.')).toBeInTheDocument();
    expect(embedScripts()).toHaveLength(0);
  });

  it('when the form id holds odd characters, then Form Not Found shows and nothing is loaded', async () => {
    renderRoutes(`/paperform/${encodeURIComponent('evil.com/x?')}`);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Form Not Found' })).toBeInTheDocument();
    expect(embedScripts()).toHaveLength(0);
  });
});
