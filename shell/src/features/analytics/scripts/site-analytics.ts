import type { RuntimeConfig } from '@mealprep/contracts';
import type { AnalyticsEnvironment } from './globals';
import { appendScript } from './load-script';

export type SiteAnalyticsConfig = NonNullable<RuntimeConfig['analytics']['site']>;

/**
 * The site analytics script (Fathom-style) is configured by its `data-site` attribute alone and
 * counts visits by itself; the shell only adds it.
 */
export function startSiteAnalytics(config: SiteAnalyticsConfig, { document }: AnalyticsEnvironment): void {
  appendScript(document, { id: 'site-analytics-script', src: config.scriptSrc, loading: 'defer', attributes: { 'data-site': config.siteId } });
}
