import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_BACKGROUND, formatContrast, LIGHT_BACKGROUND, relativeLuminance } from './contrast';

describe('contrast as WCAG 2 measures it', () => {
  it('when black is read on white, then it is 21:1; a colour on itself 1:1; the WCAG examples give their ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#047857', '#047857')).toBe(1);
    // #767676 is the lightest grey that passes AA on white; #777777 is the first that does not.
    expect(contrastRatio('#767676', LIGHT_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', LIGHT_BACKGROUND)).toBeLessThan(4.5);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
  });

  it('when two colours are compared either way round, then the ratio is the same and between 1 and 21', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(contrastRatio(b, a)).toBe(ratio);
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21);
      }),
    );
  });

  it('when a ratio is written, then it is cut to two decimals, never rounded up past the limit it missed', () => {
    expect(formatContrast(4.4999)).toBe('4.49:1');
    expect(formatContrast(contrastRatio('#000000', '#ffffff'))).toBe('21.00:1');
    expect(formatContrast(contrastRatio('#10b981', DARK_BACKGROUND))).toMatch(/^\d+\.\d\d:1$/);
  });

  it('when a value is not a #rrggbb colour, then it is refused plainly', () => {
    for (const bad of ['red', '#fff', '#12345g', 'javascript:alert(1)', '']) expect(() => relativeLuminance(bad)).toThrow('is not a #rrggbb colour');
  });
});
