import { describe, expect, it } from 'vitest';
import { brandColourStyle } from './brand-style';

describe("the brand's colours in a page", () => {
  it('when the brand has its four colours, then the root gets one custom property for each', () => {
    expect(brandColourStyle({ primary: '#1d4ed8', accent: '#B45309', primaryDark: '#93c5fd', accentDark: '#fbbf24' })).toBe(
      '<style id="brand-colours">:root{--brand-primary:#1d4ed8;--brand-accent:#B45309;--brand-primary-dark:#93c5fd;--brand-accent-dark:#fbbf24}</style>',
    );
  });

  it('when a value is anything but #rrggbb (a brand not known yet, or text that would end the rule), then it is left out, and with none nothing is written', () => {
    expect(brandColourStyle({ primary: 'red;}</style><script>', accent: '#b45309', primaryDark: '', accentDark: '#fff' })).toBe('<style id="brand-colours">:root{--brand-accent:#b45309}</style>');
    expect(brandColourStyle({ primary: '', accent: '', primaryDark: '', accentDark: '' })).toBe('');
  });
});
