import { SlugSchema } from '@mealprep/contracts';
import type { PageMeta } from './page-meta';

/** The public routes of the site (mfe-public's route table), by path or by prefix with a slug. */
const PUBLIC_PATHS = new Set([
  '/',
  '/find-service',
  '/services-by-state',
  '/services-that-ship',
  '/services-by-meal-type',
  '/services-by-name',
  '/articles',
  '/about',
  '/add-your-service',
  '/terms-of-service',
  '/privacy-policy',
  '/near',
]);
const PUBLIC_WITH_SLUG = /^\/(state|meal-type|service|articles|paperform)\/([^/]+)$/;
/** /state/{state}/{city}: a city page. */
export const CITY_PAGE = /^\/state\/([^/]+)\/([^/]+)$/;
/** /near/{ZIP code or city}: any place a visitor may type is a page (one the ZIP table does not know says so, with a 404). */
const NEAR_PLACE = /^\/near\/[^/]{1,300}$/;
const SIGNED_IN = /^\/(?:dashboard|login)(?:\/|$)/;

const isSlugText = (text: string) => {
  try {
    return SlugSchema.safeParse(decodeURIComponent(text)).success;
  } catch {
    return false;
  }
};

/** A slug route whose slug could name something (a form id is the form provider's to judge). */
function hasPublicSlug(path: string): boolean {
  const city = CITY_PAGE.exec(path);
  if (city) return isSlugText(city[1] ?? '') && isSlugText(city[2] ?? '');
  const match = PUBLIC_WITH_SLUG.exec(path);
  if (!match) return false;
  if (match[1] === 'paperform') return true;
  return isSlugText(match[2] ?? '');
}

/**
 * The meta of the page the browser renders by itself: the fallback when the renderer cannot render
 * a public page, and the signed-in pages it never renders. A page's own title, description and
 * structured data come from the page (mfe-public, through the renderer and in the browser); this
 * gives only the site's defaults, its canonical URL, and a 404 for a path no route has.
 */
export function fallbackMeta(path: string): PageMeta {
  if (SIGNED_IN.test(path)) return { path, noindex: true, status: 200 };
  if (PUBLIC_PATHS.has(path) || hasPublicSlug(path) || NEAR_PLACE.test(path)) return { path, status: 200 };
  return { path, noindex: true, status: 404 };
}
