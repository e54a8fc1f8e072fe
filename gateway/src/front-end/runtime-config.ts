import { PRODUCT_NAME, type RuntimeConfig } from '@mealprep/contracts';
import type { GatewayConfig } from '../config';

/** The site's own address: SITE_URL, else where the gateway listens. */
export function siteUrlOf(config: GatewayConfig): string {
  return (config.SITE_URL ?? `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`).replace(/\/$/, '');
}

/** What the shell reads at start (/runtime-config.json, and written into its page): where the remotes are, analytics, forms. */
export function runtimeConfigFrom(config: GatewayConfig, siteUrl: string): RuntimeConfig {
  return {
    siteName: PRODUCT_NAME,
    siteUrl,
    apiBase: '/api',
    remotes: { public: config.REMOTE_PUBLIC_URL, dashboard: config.REMOTE_DASHBOARD_URL, admin: config.REMOTE_ADMIN_URL },
    analytics: {
      product: config.ANALYTICS_KEY ? { key: config.ANALYTICS_KEY, host: config.ANALYTICS_HOST, scriptSrc: config.ANALYTICS_SCRIPT_SRC } : null,
      site: config.SITE_ANALYTICS_ID ? { siteId: config.SITE_ANALYTICS_ID, scriptSrc: config.SITE_ANALYTICS_SRC } : null,
      marketing: config.MARKETING_SCRIPT_ID ? { scriptId: config.MARKETING_SCRIPT_ID, scriptSrc: config.MARKETING_SCRIPT_SRC } : null,
    },
    forms: { embedScriptSrc: config.FORM_EMBED_SRC, addServiceFormId: config.FORM_ADD_SERVICE_ID ?? null },
  };
}
