import type { RuntimeConfig } from '@mealprep/contracts';

/** A complete runtime config as the gateway would embed it, for tests to start from. */
export const testRuntimeConfig: RuntimeConfig = {
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
  siteUrl: 'http://127.0.0.1:8080',
  apiBase: '/api',
  remotes: {
    public: '/remotes/public/release.json',
    dashboard: '/remotes/dashboard/release.json',
    admin: '/remotes/admin/release.json',
  },
  analytics: { product: null, site: null, marketing: null },
  forms: { embedScriptSrc: 'https://forms.example.com/embed.js', addServiceFormId: 'add-your-service' },
};
