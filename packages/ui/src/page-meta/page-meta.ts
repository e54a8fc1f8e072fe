import { createContext, createElement, useContext, useLayoutEffect } from 'react';
import { brandImagePath, formatPageTitle, jsonInScript, resolvePageMeta, RUNTIME_CONFIG_ELEMENT_ID, type PageMetaInput, type SiteNames } from '@mealprep/contracts/browser';

export { DEFAULT_PAGE_DESCRIPTION, defaultPageTitle, formatPageTitle, pageMetaTags, resolvePageMeta, type PageMetaInput, type ResolvedPageMeta, type SiteNames } from '@mealprep/contracts/browser';

let read: { text: string; site: SiteNames } | null = null;

/**
 * The operator's names as this page was served with them: the runtime config in the page (the
 * gateway and the renderer write it, with the published brand), read again only when it changed.
 * Without one (a remote's own dev page), the site's host.
 */
export function currentSiteNames(): SiteNames {
  const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent ?? '';
  if (read?.text === text) return read.site;
  let site: SiteNames = { siteName: window.location.host, tagline: '' };
  try {
    // The gateway's (or the renderer's) own JSON, of RuntimeConfigSchema's shape: a page without one has no siteName.
    const config = JSON.parse(text) as { siteName?: string; brand: { tagline: string; images?: { share: string | null } } };
    if (config.siteName) {
      const { tagline, images } = config.brand;
      site = { siteName: config.siteName, tagline, shareImage: images?.share ? brandImagePath(images.share) : null };
    }
  } catch {
    // no runtime config in the page: the host stands for the name
  }
  read = { text, site };
  return site;
}

function setMeta(attr: 'name' | 'property', key: string, content: string | null) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

function setCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Writes title, description, canonical URL, robots and Open Graph tags into the document head. */
export function applyPageMeta(meta: PageMetaInput): void {
  const site = currentSiteNames();
  const resolved = resolvePageMeta(meta, { origin: window.location.origin, pathname: window.location.pathname, site });
  document.title = resolved.title;
  setMeta('name', 'description', resolved.description);
  setMeta('name', 'robots', resolved.robots);
  setCanonical(resolved.canonical);
  setMeta('property', 'og:title', resolved.title);
  setMeta('property', 'og:description', resolved.description);
  setMeta('property', 'og:url', resolved.canonical);
  setMeta('property', 'og:type', resolved.type);
  setMeta('property', 'og:site_name', resolved.siteName);
  setMeta('property', 'og:image', resolved.image);
  setMeta('name', 'twitter:card', resolved.image ? 'summary_large_image' : 'summary');
  setMeta('property', 'article:published_time', resolved.publishedTime);
  setMeta('property', 'article:modified_time', resolved.modifiedTime);
}

/**
 * What a server render learns of its page: the meta the page declared (the last declaration
 * wins, as in the browser). The server reads it to write the head and the status (404 for a
 * not-found page); in the browser there is no collector and usePageMeta writes the head itself.
 */
export interface PageCollector {
  meta: PageMetaInput | null;
}

const PageCollectorContext = createContext<PageCollector | null>(null);

/** Gives a server render a collector; the page's usePageMeta calls report to it. */
export function PageMetaCollector({ collector, children }: { collector: PageCollector; children?: React.ReactNode }) {
  return createElement(PageCollectorContext.Provider, { value: collector }, children);
}

export function usePageMeta(meta: PageMetaInput): void {
  const collector = useContext(PageCollectorContext);
  // On the server effects never run: the render itself reports the page's meta.
  if (collector) collector.meta = meta;
  const { title, description, url, image, type, noindex, publishedTime, modifiedTime } = meta;
  // Applied in the same commit that shows the page, so the title never lags behind what is on screen.
  useLayoutEffect(() => {
    applyPageMeta({ title, description, url, image, type, noindex, publishedTime, modifiedTime });
  }, [title, description, url, image, type, noindex, publishedTime, modifiedTime]);
}

export function useDocumentTitle(title?: string): void {
  useLayoutEffect(() => {
    document.title = formatPageTitle(title, currentSiteNames());
  }, [title]);
}

/** Component form of usePageMeta, for pages that prefer to declare their meta in JSX. */
export function PageMeta(props: PageMetaInput) {
  usePageMeta(props);
  return null;
}

/**
 * Structured data (schema.org JSON-LD) in the page itself, so crawlers read it in the first HTML;
 * `<` is escaped so no value can end the script.
 */
export function JsonLd({ data }: { data: Record<string, unknown> | Array<Record<string, unknown>> }) {
  return createElement('script', { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: jsonInScript(data) } });
}
