// No zod here: the browser imports these through '@mealprep/contracts/browser'.

export const IMAGE_SIZES = ['thumb', 'card', 'full'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
/** Width in pixels of each stored rendition. */
export const IMAGE_WIDTHS: Record<ImageSize, number> = { thumb: 160, card: 480, full: 1600 };

/** Where the browser loads a stored image from (through the gateway). */
export function imageUrl(imageId: string, size: ImageSize): string {
  return `/api/media/images/${encodeURIComponent(imageId)}/${size}`;
}

export const MAX_ACTIVE_BANNERS = 5;
