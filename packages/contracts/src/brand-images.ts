// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** What a brand picture is for: a logo (light or dark theme), the square icon, the default share image. */
export const BRAND_IMAGE_USES = ['logo', 'icon', 'share'] as const;
export type BrandImageUse = (typeof BRAND_IMAGE_USES)[number];

/** A brand picture's file is at most 1 MB. */
export const BRAND_IMAGE_MAX_BYTES = 1_048_576;
/** Its pixels: no side over this. */
export const BRAND_IMAGE_MAX_SIDE = 4096;
/** The icon's sizes, all made from it: favicons (16, 32, 48), the Apple touch icon (180) and the web manifest's (192, 512). */
export const BRAND_ICON_SIZES = [16, 32, 48, 180, 192, 512] as const;
/** A raster icon is at least as large as the largest size made from it (never enlarged). */
export const BRAND_ICON_MIN_SIDE = 512;
/** The share image as made for the share tags (1.91:1, the size the large link previews use), from a picture at least half of it. */
export const BRAND_SHARE_SIZE = { width: 1200, height: 630 } as const;
export const BRAND_SHARE_MIN_SIZE = { width: 600, height: 315 } as const;
/** A logo is drawn this many CSS pixels high in the header; it is kept at most 4× that (sharp on any screen). */
export const BRAND_LOGO_HEIGHT = 32;

/**
 * A brand picture's id says what it is for, and a logo's also its size (width × height, so a page
 * draws its box before the file arrives, without a layout shift): `brand-logo-<16 hex>-<w>x<h>`,
 * `brand-icon-<16 hex>`, `brand-share-<16 hex>`.
 */
export const BRAND_IMAGE_ID: Record<BrandImageUse, RegExp> = {
  logo: /^brand-logo-[0-9a-f]{16}-[1-9][0-9]{0,3}x[1-9][0-9]{0,3}$/,
  icon: /^brand-icon-[0-9a-f]{16}$/,
  share: /^brand-share-[0-9a-f]{16}$/,
};

/** A logo's width and height from its id. */
export function logoSize(id: string): { width: number; height: number } | null {
  const [width = 0, height = 0] = (id.split('-')[3] ?? '').split('x').map(Number);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Where a page loads a brand picture's file (through the gateway): the icon at one of its sizes, a logo or the share image at its own ("full"). */
export function brandImagePath(id: string, size: number | 'full' = 'full'): string {
  // An id is letters, digits and '-' (BRAND_IMAGE_ID): nothing to encode.
  return `/api/media/brand-images/${id}/${size}`;
}

/** Where the web manifest is (the gateway writes it from the published brand). */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';
