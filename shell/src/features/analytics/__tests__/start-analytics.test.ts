import { startAnalytics } from '../start-analytics';
import { analyticsConfig, fakeEnvironment, loadFakeProductScript, readyFakeMarketingScript } from './fake-scripts';

const home = { url: 'https://mealprep.example/', pathname: '/' };
const find = { url: 'https://mealprep.example/find-service?q=keto', pathname: '/find-service' };

function scripts(doc: Document) {
  return [...doc.head.querySelectorAll('script')];
}

describe('startAnalytics', () => {
  it('when every setting is present, then the three scripts are added without blocking the page', () => {
    const env = fakeEnvironment();
    startAnalytics(analyticsConfig, env);
    const [product, site, marketing] = scripts(env.document);
    expect(scripts(env.document)).toHaveLength(3);
    expect(product).toMatchObject({ src: analyticsConfig.product.scriptSrc, async: true });
    expect(site).toMatchObject({ src: analyticsConfig.site.scriptSrc, defer: true });
    expect(site?.getAttribute('data-site')).toBe('ABCDEF');
    expect(marketing).toMatchObject({ src: `${analyticsConfig.marketing.scriptSrc}?company_id=Xy12Z`, async: true });
  });

  it('when a setting is missing, then its script is not added and nothing is sent to it', () => {
    const env = fakeEnvironment();
    const tracker = startAnalytics({ product: null, site: analyticsConfig.site, marketing: null }, env);
    tracker.trackPage(home);
    expect(scripts(env.document).map((s) => s.getAttribute('data-site'))).toEqual(['ABCDEF']);
    expect(env.globals).toEqual({});
  });

  it('when started twice in one page, then each script is added once', () => {
    const env = fakeEnvironment();
    startAnalytics(analyticsConfig, env);
    startAnalytics(analyticsConfig, env);
    expect(scripts(env.document)).toHaveLength(3);
  });

  it('when the product script arrives, then it is initialised with the key, host and no session recording, before the queued pageviews', () => {
    const env = fakeEnvironment();
    const tracker = startAnalytics(analyticsConfig, env);
    tracker.trackPage(home);
    const calls = loadFakeProductScript(env.globals);
    tracker.trackPage(find);
    expect(calls).toEqual([
      ['init', 'phc_test', { api_host: 'https://eu.analytics.example', disable_session_recording: true, capture_pageview: false }],
      ['capture', '$pageview', { $current_url: home.url, pathname: '/' }],
      ['capture', '$pageview', { $current_url: find.url, pathname: '/find-service' }],
    ]);
  });

  it('when one location is reported twice in a row, then each script gets it once', () => {
    const env = fakeEnvironment();
    const tracker = startAnalytics(analyticsConfig, env);
    tracker.trackPage(home);
    tracker.trackPage(home);
    const calls = loadFakeProductScript(env.globals);
    tracker.trackPage(find);
    tracker.trackPage(find);
    const views = readyFakeMarketingScript(env.globals);
    tracker.trackPage(home);
    expect(calls.filter(([name]) => name === 'capture').map(([, , props]) => props?.$current_url)).toEqual([home.url, find.url, home.url]);
    expect(views).toEqual([home.url, find.url, home.url]);
  });

  it('when the marketing script reports ready after the first page, then that page is recorded once, then each later one', () => {
    const env = fakeEnvironment();
    const tracker = startAnalytics(analyticsConfig, env);
    tracker.trackPage(home);
    expect(env.globals._learnq).toEqual([['track', 'View', { url: home.url, pathname: '/' }]]);
    const views = readyFakeMarketingScript(env.globals);
    expect(views).toEqual([home.url]);
    tracker.trackPage(find);
    expect(views).toEqual([home.url, find.url]);
  });

  it('when the marketing script is ready before the first page, then the first page is still recorded once', () => {
    const env = fakeEnvironment();
    const tracker = startAnalytics(analyticsConfig, env);
    const views = readyFakeMarketingScript(env.globals);
    tracker.trackPage(home);
    tracker.trackPage(find);
    expect(views).toEqual([home.url, find.url]);
  });
});
