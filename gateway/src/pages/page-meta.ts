import { pageMetaTags, resolvePageMeta, siteNamesOf, type RuntimeConfig } from '@mealprep/contracts';

/** The meta of a page the browser renders by itself: the site's defaults, its path and its status. */
export interface PageMeta {
  path: string;
  noindex?: boolean;
  status: number;
}

/**
 * A replacement that is used as it is: a string given to `String.replace` is read for `$&`, `` $` ``,
 * `$'` and `$1`, so a path with `$` in it would splice the page into itself.
 */
export const literally = (text: string) => () => text;

/**
 * Writes the site's default title and description, the canonical URL and robots into the shell
 * page, with the tags the renderer writes (contracts' pageMetaTags): the page's own meta comes
 * when the browser renders it.
 */
export function renderMeta(html: string, meta: PageMeta, config: RuntimeConfig): string {
  const resolved = resolvePageMeta({ noindex: meta.noindex }, { origin: config.siteUrl, pathname: meta.path, site: siteNamesOf(config) });
  const withoutDefaults = html.replace(/\s*<title>[^<]*<\/title>/, '').replace(/\s*<meta\s+name="description"[^>]*>/, '');
  return withoutDefaults.replace('</head>', literally(`    ${pageMetaTags(resolved)}\n  </head>`));
}
