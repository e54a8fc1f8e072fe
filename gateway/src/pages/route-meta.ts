import { publicRouteOf, type RouteEntry } from '@mealprep/contracts';
import type { PageMeta } from './page-meta';
import { isSignedInPath } from './signed-in';

/**
 * The meta of the page the browser renders by itself: the fallback when the renderer cannot render
 * a public page, and the signed-in pages it never renders. A page's own title, description and
 * structured data come from the page (mfe-public, through the renderer and in the browser); this
 * gives only the site's defaults, its canonical URL, and a 404 for a path that is no page of the
 * routes the public remote's current release carries (its routes.json). Without them (no release
 * can be read now) it says no page is missing: a crawler is not told that real pages are gone.
 */
export function fallbackMeta(routes: () => Promise<readonly RouteEntry[] | null>): (path: string) => Promise<PageMeta> {
  return async (path) => {
    if (isSignedInPath(path)) return { path, noindex: true, status: 200 };
    // Routes not known (no release can be read): no page is called missing.
    const known = await routes();
    if (!known || publicRouteOf(known, path)) return { path, status: 200 };
    return { path, noindex: true, status: 404 };
  };
}
