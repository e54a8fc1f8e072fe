import { readRuntimeConfig } from '../index';
import { testRuntimeConfig as config } from '../testing';

describe('runtime config', () => {
  // Each test starts from a page without one (the test set-up puts the gateway's in every page).
  beforeEach(() => {
    document.getElementById('runtime-config')?.remove();
  });
  afterEach(() => {
    document.getElementById('runtime-config')?.remove();
  });

  it('when the gateway inlined it, then it is read from the page without a request', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'runtime-config';
    script.textContent = JSON.stringify(config);
    document.head.appendChild(script);
    const fetch = vi.fn();
    await expect(readRuntimeConfig({ fetch })).resolves.toEqual(config);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when it is not in the page, then /runtime-config.json is fetched and validated', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(config), { status: 200 }));
    await expect(readRuntimeConfig({ fetch })).resolves.toEqual(config);
    expect(fetch).toHaveBeenCalledWith('/runtime-config.json', expect.anything());
  });

  it('when it is malformed, then reading it fails', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ siteName: 'x' }), { status: 200 }));
    await expect(readRuntimeConfig({ fetch })).rejects.toThrow();
  });

  it.each([
    ['a remote missing', { ...config, remotes: { public: '/p.json', dashboard: '/d.json' } }],
    ['analytics settings of the wrong type', { ...config, analytics: { product: { key: 1 }, site: null, marketing: null } }],
    ['analytics missing', { ...config, analytics: undefined }],
    ['forms missing', { ...config, forms: null }],
  ])('when it has %s, then reading it fails', async (_case, body) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
    await expect(readRuntimeConfig({ fetch })).rejects.toThrow();
  });

  it('when analytics settings are present, then they are accepted', async () => {
    const withAnalytics = {
      ...config,
      analytics: {
        product: { key: 'k', host: 'https://p.example', scriptSrc: 'https://p.example/s.js' },
        site: { siteId: 's', scriptSrc: 'https://s.example/s.js' },
        marketing: { scriptId: 'm', scriptSrc: 'https://m.example/m.js' },
      },
    };
    const fetch = vi.fn(async () => new Response(JSON.stringify(withAnalytics), { status: 200 }));
    await expect(readRuntimeConfig({ fetch })).resolves.toEqual(withAnalytics);
  });
});
