// No zod here: the brand screen checks colours as they are typed, through '@mealprep/contracts/browser'.

/** A colour as the brand settings hold it: six hex digits after a '#'. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The page backgrounds brand colours are read on: the light theme's white and the dark theme's near black (Tailwind's gray-950). */
export const LIGHT_BACKGROUND = '#ffffff';
export const DARK_BACKGROUND = '#030712';

/** WCAG 2 level AA for normal text: what a brand colour must reach against each background it is read on. */
export const MIN_TEXT_CONTRAST = 4.5;

/** A channel (0-255) as WCAG 2 linearises it. */
const linear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2's relative luminance of a '#rrggbb' colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  if (!HEX_COLOUR.test(hex)) throw new Error(`${hex} is not a #rrggbb colour`);
  const value = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * linear((value >> 16) & 0xff) + 0.7152 * linear((value >> 8) & 0xff) + 0.0722 * linear(value & 0xff);
}

/** WCAG 2's contrast ratio of two colours, 1 (the same) to 21 (black on white), whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as a message gives it: "3.27:1", cut (never rounded up past the limit it missed). */
export const formatContrast = (ratio: number): string => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
