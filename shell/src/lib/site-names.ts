import { readInlineRuntimeConfig, runtimeConfigQuery } from '@mealprep/api-client';
import { useQuery } from '@mealprep/query';

export interface ShownBrand {
  siteName: string;
  shortName: string;
  socialLinks: string[];
  footerText: string;
  /** The brand's logos (ids), for the light and the dark theme; either stands for the other. */
  logoLight: string | null;
  logoDark: string | null;
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
    const { shortName, socialLinks, footerText, images } = config.brand;
    return { siteName: config.siteName, shortName, socialLinks, footerText, logoLight: images?.logoLight ?? null, logoDark: images?.logoDark ?? null };
  }
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return { siteName: host, shortName: host, socialLinks: [], footerText: '', logoLight: null, logoDark: null };
}

const KNOWN_SITES: Record<string, string> = {
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
    return KNOWN_SITES[host] ?? host;
  } catch {
    return href;
  }
}
