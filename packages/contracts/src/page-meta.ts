/**
 * A page's meta (title, description, canonical URL, robots, Open Graph), defined once: the pages
 * declare it (usePageMeta in packages/ui), the renderer writes it into the head, the browser keeps
 * the head in step, and the gateway's page for the browser uses the same defaults and tags.
 */
/** The operator's names a page's title and share tags carry (the published brand's, from the runtime config). */
export interface SiteNames {
  siteName: string;
  tagline: string;
  /** The brand's default share image (a site path), for a page without an image of its own; none: null or absent. */
  shareImage?: string | null;
}

/** A page without a title of its own: the site's name and tagline. */
export const defaultPageTitle = (site: SiteNames) => (site.tagline ? `${site.siteName} — ${site.tagline}` : site.siteName);
export const DEFAULT_PAGE_DESCRIPTION = 'Find local meal prep services and meal delivery across the United States: browse by state, by meal type, or services that ship nationwide.';

export interface PageMetaInput {
  /** Page's own title; the product name is appended. Omit for the default title. */
  title?: string;
  description?: string;
  /** Absolute or site-relative canonical URL; defaults to the current location without query. */
  url?: string;
  image?: string;
  type?: string;
  noindex?: boolean;
  publishedTime?: string;
  modifiedTime?: string;
  /** The page is a not-found page: the server answers it with 404. */
  notFound?: boolean;
}

/** Spec §9: a given title gets ' | ' and the site's name; none gives the default title. */
export function formatPageTitle(title: string | undefined, site: SiteNames): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} | ${site.siteName}` : defaultPageTitle(site);
}

/** What a page's meta comes to, with absolute URLs: the one definition the browser and the server use. */
export interface ResolvedPageMeta {
  title: string;
  siteName: string;
  description: string;
  canonical: string;
  robots: string;
  image: string | null;
  type: string;
  publishedTime: string | null;
  modifiedTime: string | null;
}

/** Resolves a page's meta against the site's origin and the page's path (the canonical URL drops the query). */
export function resolvePageMeta(meta: PageMetaInput, where: { origin: string; pathname: string; site: SiteNames }): ResolvedPageMeta {
  const absolute = (url: string) => new URL(url, `${where.origin}/`).href;
  return {
    title: formatPageTitle(meta.title, where.site),
    siteName: where.site.siteName,
    description: meta.description ?? DEFAULT_PAGE_DESCRIPTION,
    canonical: absolute(meta.url ?? where.pathname),
    robots: meta.noindex ? 'noindex, nofollow' : 'index, follow',
    image: meta.image ? absolute(meta.image) : where.site.shareImage ? absolute(where.site.shareImage) : null,
    type: meta.type ?? 'website',
    publishedTime: meta.publishedTime ?? null,
    modifiedTime: meta.modifiedTime ?? null,
  };
}

/** Text for HTML: in an element or a double-quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head tags of a page's meta, as the server writes them (the browser keeps them with applyPageMeta). */
export function pageMetaTags(meta: ResolvedPageMeta): string {
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}">`,
    `<meta name="robots" content="${meta.robots}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.canonical)}">`,
    `<meta property="og:type" content="${escapeHtml(meta.type)}">`,
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}">`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : '',
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    meta.publishedTime ? `<meta property="article:published_time" content="${escapeHtml(meta.publishedTime)}">` : '',
    meta.modifiedTime ? `<meta property="article:modified_time" content="${escapeHtml(meta.modifiedTime)}">` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** A value as JSON inside a <script> element: `<` is escaped, so no value can end the script. */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
