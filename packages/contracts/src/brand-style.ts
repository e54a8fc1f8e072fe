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
