import { describe, expect, it } from 'vitest';
import { insightsChartSvg, shortDay } from '../src/domain/insights/insights-chart';

const series = (values: number[]) => values.map((value, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, value }));
const heights = (svg: string) => [...svg.matchAll(/<rect [^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));

describe('the insights chart', () => {
  it('when drawn, then it has a bar per day as tall as its count on a round scale, the first, middle and last days named, a title and a description', () => {
    const svg = insightsChartSvg(series([0, 5, 10, 3, 7]), { label: 'Page views', theme: 'light' });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title id="t">Page views per day, Nov 1 to Nov 5</title>');
    expect(svg).toContain('<desc id="d">25 in all over 5 days; the most in one day: 10.</desc>');
    const [zero, five, ten] = heights(svg);
    expect(zero).toBe(0);
    expect(ten).toBeCloseTo(five! * 2, 0);
    expect(svg).toContain('<title>Nov 3: 10</title>');
    expect([...svg.matchAll(/text-anchor="(start|middle|end)">([A-Z][^<]+)</g)].map((m) => m[2])).toEqual(['Nov 1', 'Nov 3', 'Nov 5']);
    // The scale: 0, 5 and 10 for a largest count of 10; 0, 2 and 4 for small counts.
    expect([...svg.matchAll(/text-anchor="end">(\d+)</g)].map((m) => m[1])).toEqual(['0', '5', '10']);
    expect([...insightsChartSvg(series([1, 0]), { label: 'x', theme: 'light' }).matchAll(/text-anchor="end">(\d+)</g)].map((m) => m[1])).toEqual(['0', '2', '4']);
  });

  it('when the page is dark, then bars, lines and text take the dark colours; with no counts at all, then nothing is drawn above the line', () => {
    const dark = insightsChartSvg(series([2, 4]), { label: 'Website clicks', theme: 'dark' });
    expect(dark).toContain('fill="#d1d5db"');
    expect(dark).toContain('fill="#34d399"');
    expect(dark).not.toContain('#047857');
    expect(heights(insightsChartSvg(series(Array(30).fill(0)), { label: 'x', theme: 'light' })).every((h) => h === 0)).toBe(true);
  });

  it('when a day is named, then it reads as a short date', () => {
    expect(shortDay('2026-01-09')).toBe('Jan 9');
    expect(shortDay('2026-12-31')).toBe('Dec 31');
  });
});
