/**
 * A listing's counts per day as an SVG bar chart, drawn here so that no chart code ships to the
 * browser: light or dark to match the page, with a title and description for assistive technology
 * (the dashboard shows the same numbers as a table). Only numbers, dates and our own labels go in.
 */
const WIDTH = 720;
const HEIGHT = 240;
const LEFT = 44;
const RIGHT = 12;
const TOP = 16;
const BOTTOM = 30;

const THEMES = {
  light: { bar: '#047857', grid: '#e5e7eb', text: '#374151' },
  dark: { bar: '#34d399', grid: '#374151', text: '#d1d5db' },
} as const;
export type ChartTheme = keyof typeof THEMES;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Nov 3" from "2026-11-03". */
export const shortDay = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''} ${Number(day.slice(8, 10))}`;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The top of the scale: 1, 2 or 5 times a power of ten, at least the largest value (and at least 4, so small counts keep whole steps). */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((f) => f * power).find((n) => n >= value)!;
}

export function insightsChartSvg(series: ReadonlyArray<{ day: string; value: number }>, options: { label: string; theme: ChartTheme }): string {
  const colors = THEMES[options.theme];
  const max = niceMax(Math.max(0, ...series.map((p) => p.value)));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = plotWidth / Math.max(1, series.length);
  const barWidth = Math.max(1, step * 0.7);
  const y = (value: number) => TOP + plotHeight - (value / max) * plotHeight;
  const total = series.reduce((sum, p) => sum + p.value, 0);
  const first = series[0]?.day ?? '';
  const last = series.at(-1)?.day ?? '';
  const title = `${options.label} per day, ${shortDay(first)} to ${shortDay(last)}`;
  const desc = `${total} in all over ${series.length} days; the most in one day: ${Math.max(0, ...series.map((p) => p.value))}.`;
  const grid = [0, 0.5, 1].map((f) => {
    const value = Math.round(max * f);
    const at = y(value).toFixed(1);
    return `<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${at}" y2="${at}" stroke="${colors.grid}" stroke-width="1"/><text x="${LEFT - 6}" y="${at}" dy="0.32em" text-anchor="end">${value}</text>`;
  });
  const bars = series.map((p, i) => {
    const top = y(p.value);
    const x = LEFT + i * step + (step - barWidth) / 2;
    return `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(TOP + plotHeight - top).toFixed(1)}" fill="${colors.bar}"><title>${escape(`${shortDay(p.day)}: ${p.value}`)}</title></rect>`;
  });
  const labelled = series.length > 1 ? [0, Math.floor((series.length - 1) / 2), series.length - 1] : [0];
  const xLabels = [...new Set(labelled)].map((i) => {
    const x = LEFT + i * step + step / 2;
    const anchor = i === 0 ? 'start' : i === series.length - 1 ? 'end' : 'middle';
    return `<text x="${(i === 0 ? LEFT : i === series.length - 1 ? WIDTH - RIGHT : x).toFixed(1)}" y="${HEIGHT - 8}" text-anchor="${anchor}">${escape(shortDay(series[i]!.day))}</text>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="t d" font-family="system-ui, sans-serif" font-size="12" fill="${colors.text}">`,
    `<title id="t">${escape(title)}</title><desc id="d">${escape(desc)}</desc>`,
    ...grid,
    ...bars,
    ...xLabels,
    '</svg>',
  ].join('');
}
