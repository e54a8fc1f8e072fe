import type { RuntimeConfig } from '@mealprep/contracts';
import { testRuntimeConfig } from '@mealprep/api-client/testing';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Link, Route, Routes } from '@mealprep/router';
import { MemoryRouter } from '@mealprep/router/testing';
import { createAnalyticsLoader, type AnalyticsLoader } from '../analytics-loader';
import { PageAnalytics } from '../components/page-analytics';
import { startAnalytics } from '../start-analytics';
import { analyticsConfig, fakeEnvironment, loadFakeProductScript, readyFakeMarketingScript } from './fake-scripts';

const origin = window.location.origin;

function runtimeConfig(analytics: RuntimeConfig['analytics']): RuntimeConfig {
  return {
    siteName: 'Meal Prep Directory',
    brand: testRuntimeConfig.brand,
    siteUrl: origin,
    apiBase: '/api',
    remotes: { public: '/p.json', dashboard: '/d.json', admin: '/a.json' },
    analytics,
    forms: { embedScriptSrc: 'https://forms.example/embed.js', addServiceFormId: 'add' },
  };
}

function Frame({ load }: { load: AnalyticsLoader }) {
  return (
    <>
      <PageAnalytics load={load} />
      <Link to="/find-service">Find a Service</Link>
      <Link to="/find-service?q=keto">Search keto</Link>
      <Routes>
        <Route path="*" element={<p>page</p>} />
      </Routes>
    </>
  );
}

function renderSite(load: AnalyticsLoader) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={['/']}>
        <Frame load={load} />
      </MemoryRouter>
    </StrictMode>,
  );
}

/** Lets the loader's promises and the effects run. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('page analytics in the app', () => {
  it('when a visitor lands and moves on under StrictMode, then each script hears of each location exactly once, in order', async () => {
    const env = fakeEnvironment();
    const load = createAnalyticsLoader(
      async () => runtimeConfig(analyticsConfig),
      async () => ({
        startAnalytics: (config) => startAnalytics(config, env),
      }),
    );
    renderSite(load);
    await settle();

    // The first page is queued in both stubs; the product script arrives, the marketing one is not ready yet.
    const product = loadFakeProductScript(env.globals);
    await userEvent.click(screen.getByRole('link', { name: 'Find a Service' }));
    await settle();
    const views = readyFakeMarketingScript(env.globals);
    await userEvent.click(screen.getByRole('link', { name: 'Search keto' }));
    await settle();

    const urls = [`${origin}/`, `${origin}/find-service`, `${origin}/find-service?q=keto`];
    expect(product).toEqual([
      ['init', 'phc_test', { api_host: 'https://eu.analytics.example', disable_session_recording: true, capture_pageview: false }],
      ['capture', '$pageview', { $current_url: urls[0], pathname: '/' }],
      ['capture', '$pageview', { $current_url: urls[1], pathname: '/find-service' }],
      ['capture', '$pageview', { $current_url: urls[2], pathname: '/find-service' }],
    ]);
    expect(views).toEqual(urls);
  });

  it('when the same link is followed twice, then the unchanged location is not counted again', async () => {
    const env = fakeEnvironment();
    const load = createAnalyticsLoader(
      async () => runtimeConfig(analyticsConfig),
      async () => ({
        startAnalytics: (config) => startAnalytics(config, env),
      }),
    );
    renderSite(load);
    await settle();
    const views = readyFakeMarketingScript(env.globals);
    await userEvent.click(screen.getByRole('link', { name: 'Find a Service' }));
    await userEvent.click(screen.getByRole('link', { name: 'Find a Service' }));
    await settle();
    expect(views).toEqual([`${origin}/`, `${origin}/find-service`]);
  });
});

describe('analytics loader', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('when no analytics setting is present, then the analytics code is not even fetched', async () => {
    const importStart = vi.fn();
    const load = createAnalyticsLoader(async () => runtimeConfig({ product: null, site: null, marketing: null }), importStart);
    await expect(load()).resolves.toBeNull();
    expect(importStart).not.toHaveBeenCalled();
  });

  it('when asked many times, then the scripts are started once and every caller gets the same tracker', async () => {
    const tracker = { trackPage: vi.fn() };
    const startAnalyticsFake = vi.fn(() => tracker);
    const load = createAnalyticsLoader(
      async () => runtimeConfig(analyticsConfig),
      async () => ({ startAnalytics: startAnalyticsFake }),
    );
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(tracker);
    expect(second).toBe(tracker);
    expect(startAnalyticsFake).toHaveBeenCalledOnce();
  });

  it('when the config or the chunk cannot be loaded, then tracking is off and the page goes on', async () => {
    const load = createAnalyticsLoader(async () => {
      throw new Error('offline');
    });
    await expect(load()).resolves.toBeNull();
    expect(console.warn).toHaveBeenCalledWith('Analytics could not be started.', expect.any(Error));
  });
});
