import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// A screen's lazily loaded parts may take more than testing-library's 1 s default to come in when
// three test files share two busy cores: findBy… waits up to 5 s (a screen that never shows still fails).
configure({ asyncUtilTimeout: 5_000 });

// jsdom implements neither; components call them on every route change and theme read.
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    });
  }
}

// The page's runtime config names the site, as the gateway's and the renderer's pages do (a test
// that puts a whole one in the page replaces it): page titles end with the name the tests expect.
if (typeof document !== 'undefined') {
  const { beforeEach } = await import('vitest');
  beforeEach(() => {
    if (document.getElementById('runtime-config')) return;
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'runtime-config';
    script.textContent = JSON.stringify({
      siteName: 'Meal Prep Directory',
      brand: {
        version: 1,
        shortName: 'Meal Prep',
        tagline: 'Find meal prep services near you',
        colours: { primary: '#047857', accent: '#b45309', primaryDark: '#34d399', accentDark: '#fbbf24' },
        socialLinks: ['https://www.instagram.com/'],
        socialLabels: ['Instagram'],
        footerText: '',
        hero: { heading: 'Meals Prepped & Delivered Locally', text: 'Find meal prep services near you, from local kitchens to services that ship nationwide.' },
        images: { logoLight: null, logoDark: null, icon: null, share: null },
      },
      siteUrl: window.location.origin,
      apiBase: '/api',
      remotes: { public: '/remotes/public/release.json', dashboard: '/remotes/dashboard/release.json', admin: '/remotes/admin/release.json' },
      analytics: { product: null, site: null, marketing: null },
      forms: { embedScriptSrc: 'https://forms.example.com/embed.js', addServiceFormId: 'add-your-service' },
    });
    document.head.appendChild(script);
  });
}
