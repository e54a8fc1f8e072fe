import { isPublicPage } from '@mealprep/mfe-public/route-table';
import type { PageMeta } from './page-meta';
import { isSignedInPath } from './signed-in';

/**
 * The meta of the page the browser renders by itself: the fallback when the renderer cannot render
 * a public page, and the signed-in pages it never renders. A page's own title, description and
 * structured data come from the page (mfe-public, through the renderer and in the browser); this
 * gives only the site's defaults, its canonical URL, and a 404 for a path that is no page of the
 * public route table (mfe-public/src/route-table.ts).
 */
export function fallbackMeta(path: string): PageMeta {
  if (isSignedInPath(path)) return { path, noindex: true, status: 200 };
  if (isPublicPage(path)) return { path, status: 200 };
  return { path, noindex: true, status: 404 };
}
