import { readRuntimeConfig } from '../index';

const config = {
  siteName: 'Meal Prep Directory',
  siteUrl: 'http://127.0.0.1:8080',
  apiBase: '/api',
  remotes: {
    public: '/remotes/public/mf-manifest.json',
    dashboard: '/remotes/dashboard/mf-manifest.json',
    admin: '/remotes/admin/mf-manifest.json',
  },
  analytics: { product: null, site: null, marketing: null },
  forms: { embedScriptSrc: 'https://forms.example.com/embed.js', addServiceFormId: 'add-your-service' },
};

describe('runtime config', () => {
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
});
