import { useLayoutEffect } from 'react';
import { PRODUCT_NAME } from '@mealprep/contracts/browser';

export const DEFAULT_PAGE_TITLE = `${PRODUCT_NAME} — Find meal prep services near you`;
export const DEFAULT_PAGE_DESCRIPTION =
  'Find local meal prep services and meal delivery across the United States: browse by state, by meal type, or services that ship nationwide.';

export interface PageMetaInput {
  /** Page's own title; the product name is appended. Omit for the default title. */
  title?: string;
  description?: string;
  /** Absolute or site-relative canonical URL; defaults to the current location without query. */
  url?: string;
  image?: string;
  type?: string;
  noindex?: boolean;
}

/** Spec §9: a given title gets ' | ' and the product name; none gives the default title. */
export function formatPageTitle(title?: string): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} | ${PRODUCT_NAME}` : DEFAULT_PAGE_TITLE;
}

function setMeta(attr: 'name' | 'property', key: string, content: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === undefined) {
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
  const title = formatPageTitle(meta.title);
  const description = meta.description ?? DEFAULT_PAGE_DESCRIPTION;
  const url = new URL(meta.url ?? window.location.pathname, window.location.origin).href;
  document.title = title;
  setMeta('name', 'description', description);
  setMeta('name', 'robots', meta.noindex ? 'noindex, nofollow' : 'index, follow');
  setCanonical(url);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:type', meta.type ?? 'website');
  setMeta('property', 'og:site_name', PRODUCT_NAME);
  setMeta('property', 'og:image', meta.image);
}

export function usePageMeta(meta: PageMetaInput): void {
  const { title, description, url, image, type, noindex } = meta;
  // Applied in the same commit that shows the page, so the title never lags behind what is on screen.
  useLayoutEffect(() => {
    applyPageMeta({ title, description, url, image, type, noindex });
  }, [title, description, url, image, type, noindex]);
}

export function useDocumentTitle(title?: string): void {
  useLayoutEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}

/** Component form of usePageMeta, for pages that prefer to declare their meta in JSX. */
export function PageMeta(props: PageMetaInput) {
  usePageMeta(props);
  return null;
}
