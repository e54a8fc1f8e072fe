import { readInlineRuntimeConfig, runtimeConfigQuery } from '@mealprep/api-client';
import { useQuery } from '@mealprep/query';

export interface ShownBrand {
  siteName: string;
  shortName: string;
  socialLinks: string[];
  footerText: string;
}

/**
 * What the shell shows of the operator's brand, as the page was served with it: from the runtime
 * config the shell (or the server render) put in the QueryClient, else from the page's own; never
 * fetched from here. Without either (a page served by something else), the site's host names it.
 */
export function useShownBrand(): ShownBrand {
  const { data } = useQuery({ ...runtimeConfigQuery, enabled: false });
  const config = data ?? (typeof document === 'undefined' ? null : readInlineRuntimeConfig());
  if (config) return { siteName: config.siteName, shortName: config.brand.shortName, socialLinks: config.brand.socialLinks, footerText: config.brand.footerText };
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return { siteName: host, shortName: host, socialLinks: [], footerText: '' };
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
