import { BrandSettingsSchema, type BrandSettings } from '@mealprep/contracts';
import type { CatalogConfig } from '../../config';

/**
 * The brand of a first start, from the service's settings (the names, the analytics ids) and the
 * look the site was built with: its green and amber, the home page's hero. Checked as staff's are:
 * a setting the brand refuses stops the start with the reason.
 */
export function firstBrand(config: Pick<CatalogConfig, 'BRAND_SITE_NAME' | 'BRAND_SHORT_NAME' | 'ANALYTICS_KEY' | 'SITE_ANALYTICS_ID' | 'MARKETING_SCRIPT_ID'>): BrandSettings {
  const settings = BrandSettingsSchema.safeParse({
    siteName: config.BRAND_SITE_NAME,
    shortName: config.BRAND_SHORT_NAME,
    tagline: 'Find meal prep services near you',
    logoLightId: null,
    logoDarkId: null,
    iconId: null,
    shareImageId: null,
    colours: { primary: '#047857', accent: '#b45309', primaryDark: '#34d399', accentDark: '#fbbf24' },
    socialLinks: ['https://www.instagram.com/'],
    footerText: '',
    hero: { heading: 'Meals Prepped & Delivered Locally', text: 'Find meal prep services near you, from local kitchens to services that ship nationwide.' },
    mail: { senderName: config.BRAND_SITE_NAME, replyTo: '' },
    analytics: { productAnalyticsKey: config.ANALYTICS_KEY, siteAnalyticsId: config.SITE_ANALYTICS_ID, marketingScriptId: config.MARKETING_SCRIPT_ID },
  });
  if (!settings.success)
    throw new Error(`The first start's brand (BRAND_SITE_NAME, BRAND_SHORT_NAME, the analytics ids) is refused: ${settings.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return settings.data;
}
