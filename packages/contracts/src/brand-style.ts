import { brandImagePath, WEB_MANIFEST_PATH } from './brand-images';
import { HEX_COLOUR } from './contrast';

/** The brand's colours as the runtime config carries them. */
export interface BrandColours {
  primary: string;
  accent: string;
  primaryDark: string;
  accentDark: string;
}

/**
 * The brand's colours for the page's first paint: CSS custom properties on the root, which the
 * design system's palettes are made from (packages/ui/src/tokens.css), so a new brand changes no
 * stylesheet. Only #rrggbb values are written (nothing else can reach the style); none (the brand
 * not known yet): no element, the stylesheet's own colours.
 */
export function brandColourStyle(colours: BrandColours): string {
  const properties = (
    [
      ['primary', colours.primary],
      ['accent', colours.accent],
      ['primary-dark', colours.primaryDark],
      ['accent-dark', colours.accentDark],
    ] as const
  ).filter(([, value]) => HEX_COLOUR.test(value));
  if (properties.length === 0) return '';
  return `<style id="brand-colours">:root{${properties.map(([name, value]) => `--brand-${name}:${value}`).join(';')}}</style>`;
}

/** The brand's pictures as the runtime config carries them (ids; none: null). */
export interface BrandImages {
  logoLight: string | null;
  logoDark: string | null;
  icon: string | null;
  share: string | null;
}

/**
 * What the brand puts in every page's head, before the first paint: its colours, its icon (two
 * favicons and the Apple touch icon, made from the one staff uploaded; none: an empty icon, so the
 * browser asks for no /favicon.ico) and the web manifest, which the gateway writes from it.
 */
export function brandHeadTags(brand: { colours: BrandColours; images?: BrandImages }): string {
  const icon = brand.images?.icon;
  const png = (size: number) => `<link rel="icon" href="${brandImagePath(icon!, size)}" sizes="${size}x${size}" type="image/png">`;
  return [
    brandColourStyle(brand.colours),
    ...(icon ? [png(32), png(16), `<link rel="apple-touch-icon" href="${brandImagePath(icon, 180)}">`] : ['<link rel="icon" href="data:,">']),
    `<link rel="manifest" href="${WEB_MANIFEST_PATH}">`,
  ]
    .filter(Boolean)
    .join('');
}
