import type { PublishedBrand } from '@mealprep/contracts';

/** A published brand as svc-catalog answers it (GET /brand), for the fakes of svc-catalog the gateway and the renderer meet. */
export const testPublishedBrand: PublishedBrand = {
  version: 1,
  settings: {
    siteName: 'Meal Prep Directory',
    shortName: 'Meal Prep',
    tagline: 'Find meal prep services near you',
    logoLightId: null,
    logoDarkId: null,
    iconId: null,
    shareImageId: null,
    colours: { primary: '#047857', accent: '#b45309', primaryDark: '#34d399', accentDark: '#fbbf24' },
    socialLinks: ['https://www.instagram.com/'],
    footerText: '',
    hero: { heading: 'Meals Prepped & Delivered Locally', text: 'Find meal prep services near you, from local kitchens to services that ship nationwide.' },
    mail: { senderName: 'Meal Prep Directory', replyTo: '' },
    analytics: { productAnalyticsKey: '', siteAnalyticsId: '', marketingScriptId: '' },
  },
};
