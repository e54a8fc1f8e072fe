import type { RuntimeConfig } from '@mealprep/contracts';
import { readInlineRuntimeConfig, runtimeConfigQuery } from '@mealprep/api-client';
import { useQuery } from '@mealprep/query';

export interface ShownBrand {
  siteName: string;
  shortName: string;
  socialLinks: string[];
  /** Each social link's name (the network's), as the gateway gives it. */
  socialLabels: string[];
  footerText: string;
  /** The brand's pictures (ids): the logos, for the light and the dark theme, either standing for the other. */
  images?: RuntimeConfig['brand']['images'];
}

/**
 * What the shell shows of the operator's brand, as the page was served with it: from the runtime
 * config the shell (or the server render) put in the QueryClient, else from the page's own; never
 * fetched from here. Without either (a page served by something else), the site's host names it.
 */
export function useShownBrand(): ShownBrand {
  const { data } = useQuery({ ...runtimeConfigQuery, enabled: false });
  const config = data ?? (typeof document === 'undefined' ? null : readInlineRuntimeConfig());
  if (config) {
    const { shortName, socialLinks, socialLabels, footerText, images } = config.brand;
    return { siteName: config.siteName, shortName, socialLinks, socialLabels: socialLabels ?? [], footerText, images };
  }
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return { siteName: host, shortName: host, socialLinks: [], socialLabels: [], footerText: '' };
}
