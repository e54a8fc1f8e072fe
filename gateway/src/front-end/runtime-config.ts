import type { PublishedBrand, RuntimeConfig } from '@mealprep/contracts';
import type { GatewayConfig } from '../config';

/** The site's own address: SITE_URL, else where the gateway listens. */
export function siteUrlOf(config: GatewayConfig): string {
  return (config.SITE_URL ?? `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`).replace(/\/$/, '');
}

const KNOWN_NETWORKS: Record<string, string> = {
  'instagram.com': 'Instagram',
  'facebook.com': 'Facebook',
  'x.com': 'X',
  'twitter.com': 'X',
  'tiktok.com': 'TikTok',
  'youtube.com': 'YouTube',
  'linkedin.com': 'LinkedIn',
  'pinterest.com': 'Pinterest',
  'threads.net': 'Threads',
};

/** A social link's name: the network's own for the well-known ones, else its host. */
export function socialLinkLabel(href: string): string {
  try {
    const host = new URL(href).hostname.replace(/^www\./, '');
    return KNOWN_NETWORKS[host] ?? host;
  } catch {
    return href;
  }
}

const NO_IMAGES = { logoLight: null, logoDark: null, icon: null, share: null };

/**
 * What pages show of the published brand; before svc-catalog first gave it (version 0), the site's
 * host stands for its name, with neither tagline nor hero, and the colours the stylesheet has.
 */
function brandShown(brand: PublishedBrand | null, siteUrl: string): Pick<RuntimeConfig, 'siteName' | 'brand'> {
  if (!brand) {
    const host = new URL(siteUrl).host;
    return {
      siteName: host,
      brand: {
        version: 0,
        shortName: host,
        tagline: '',
        colours: { primary: '', accent: '', primaryDark: '', accentDark: '' },
        socialLinks: [],
        socialLabels: [],
        footerText: '',
        hero: { heading: '', text: '' },
        images: NO_IMAGES,
      },
    };
  }
  const { siteName, shortName, tagline, colours, socialLinks, footerText, hero, logoLightId, logoDarkId, iconId, shareImageId } = brand.settings;
  const images = { logoLight: logoLightId, logoDark: logoDarkId, icon: iconId, share: shareImageId };
  const socialLabels = socialLinks.map(socialLinkLabel);
  return { siteName, brand: { version: brand.version, shortName, tagline, colours, socialLinks, socialLabels, footerText, hero, images } };
}

/** The analytics scripts the brand switches on (by their public ids), from where the gateway's settings say; none before the brand is known. */
function analyticsOf(config: GatewayConfig, brand: PublishedBrand | null): RuntimeConfig['analytics'] {
  const ids = brand?.settings.analytics;
  return {
    product: ids?.productAnalyticsKey ? { key: ids.productAnalyticsKey, host: config.ANALYTICS_HOST, scriptSrc: config.ANALYTICS_SCRIPT_SRC } : null,
    site: ids?.siteAnalyticsId ? { siteId: ids.siteAnalyticsId, scriptSrc: config.SITE_ANALYTICS_SRC } : null,
    marketing: ids?.marketingScriptId ? { scriptId: ids.marketingScriptId, scriptSrc: config.MARKETING_SCRIPT_SRC } : null,
  };
}

/** Where the analytics scripts switched on come from, and where product analytics sends: what the security policy allows. */
export function analyticsOrigins(analytics: RuntimeConfig['analytics']): { scriptSrcs: string[]; connect: string[] } {
  return {
    scriptSrcs: [analytics.product?.scriptSrc, analytics.site?.scriptSrc, analytics.marketing?.scriptSrc].filter((src): src is string => Boolean(src)),
    connect: analytics.product ? [analytics.product.host] : [],
  };
}

/** What the shell reads at start (/runtime-config.json, and written into its page): the brand, where the remotes are, analytics, forms. */
export function runtimeConfigFrom(config: GatewayConfig, siteUrl: string, brand: PublishedBrand | null): RuntimeConfig {
  return {
    ...brandShown(brand, siteUrl),
    siteUrl,
    apiBase: '/api',
    remotes: { public: config.REMOTE_PUBLIC_URL, dashboard: config.REMOTE_DASHBOARD_URL, admin: config.REMOTE_ADMIN_URL },
    analytics: analyticsOf(config, brand),
    forms: { embedScriptSrc: config.FORM_EMBED_SRC, addServiceFormId: config.FORM_ADD_SERVICE_ID ?? null },
  };
}
