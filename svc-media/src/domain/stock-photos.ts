import type { StockPhoto } from '@mealprep/contracts';

export const STOCK_PAGE_SIZE = 20;
export const NOT_CONFIGURED = 'Stock photos are not configured: set STOCK_PHOTO_ACCESS_KEY.';

/** The stock-photo service, as the banner screen uses it (data-access/stock-photo-api.ts). */
export interface StockPhotos {
  configured: boolean;
  /** unsplash.getImages: STOCK_PAGE_SIZE a page, and whether there are more. */
  search(query: string, page: number): Promise<{ images: StockPhoto[]; hasMore: boolean }>;
  byId(id: string): Promise<StockPhoto>;
}

/** The photo id of a photo page URL: https://unsplash.com/photos/{words-}{id}, or null. */
export function photoIdFromUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (!['http:', 'https:'].includes(parsed.protocol)) return null;
    const match = /\/photos\/([A-Za-z0-9_-]+)\/?$/.exec(parsed.pathname);
    const slug = match?.[1];
    if (!slug) return null;
    const id = slug.includes('-') ? slug.slice(slug.lastIndexOf('-') + 1) : slug;
    return /^[A-Za-z0-9_]{6,20}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}
