import { PRODUCT_NAME } from '@mealprep/contracts';

export interface PageMeta {
  title: string | null;
  description: string;
  path: string;
  image?: string | null;
  type?: 'website' | 'article';
  noindex?: boolean;
  publishedTime?: string | null;
  modifiedTime?: string | null;
  jsonLd?: Record<string, unknown> | null;
  status: number;
}

export const DEFAULT_TITLE = `${PRODUCT_NAME} — Find meal prep services near you`;
export const DEFAULT_DESCRIPTION =
  'Find local meal prep services and meal delivery across the United States: browse by state, by meal type, or services that ship nationwide.';

export function fullTitle(title: string | null): string {
  return title ? `${title} | ${PRODUCT_NAME}` : DEFAULT_TITLE;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A replacement that is used as it is: a string given to `String.replace` is read for `$&`, `` $` ``,
 * `$'` and `$1`, so an owner's tagline with `$` in it would splice the page into itself.
 */
export const literally = (text: string) => () => text;

/** Writes the page's title, description, canonical URL, robots, Open Graph and JSON-LD into the shell page. */
export function renderMeta(html: string, meta: PageMeta, siteUrl: string): string {
  const url = `${siteUrl}${meta.path}`;
  const title = fullTitle(meta.title);
  const image = meta.image ? (meta.image.startsWith('http') ? meta.image : `${siteUrl}${meta.image}`) : null;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta name="robots" content="${meta.noindex ? 'noindex, nofollow' : 'index, follow'}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    meta.publishedTime ? `<meta property="article:published_time" content="${escapeHtml(meta.publishedTime)}">` : '',
    meta.modifiedTime ? `<meta property="article:modified_time" content="${escapeHtml(meta.modifiedTime)}">` : '',
    meta.jsonLd
      ? `<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>`
      : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, literally(`<title>${escapeHtml(title)}</title>`))
    .replace(/<meta\s+name="description"[^>]*>/, literally(`<meta name="description" content="${escapeHtml(meta.description)}">`))
    .replace('</head>', literally(`    ${tags}\n  </head>`));
}
