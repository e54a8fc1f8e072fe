import type { GeoRegion } from '@mealprep/contracts';
import { US_STATE_SHAPES_PATH } from '@mealprep/contracts/browser';
import { useId } from 'react';
import { Link } from '@mealprep/router';
import { pluralize } from '../../../lib/text';
import { useRegionCounts } from '../api/get-region-counts';
import { useRegions } from '../api/get-regions';

/** Fill of each shade, lightest (no service) to darkest; readable on light and dark pages. */
const SHADES = [
  'fill-gray-200 dark:fill-gray-700',
  'fill-emerald-200 dark:fill-emerald-900',
  'fill-emerald-400 dark:fill-emerald-700',
  'fill-emerald-600 dark:fill-emerald-500',
  'fill-emerald-800 dark:fill-emerald-300',
] as const;

/** Where each shade after "none" starts: 1, then about an eighth, a quarter and half of the most any state has. */
export function shadeStarts(most: number): number[] {
  const starts = [1];
  for (const part of [8, 4, 2]) starts.push(Math.max(starts[starts.length - 1]! + 1, Math.ceil(most / part)));
  return starts.filter((start, i) => i === 0 || start <= most);
}

const shadeOf = (count: number, starts: number[]) => (count <= 0 ? 0 : starts.filter((start) => count >= start).length);

/** The legend's words for each shade: "None", "1–3", …, "40+". */
export function legendLabels(starts: number[]): string[] {
  return [
    'None',
    ...starts.map((start, i) => {
      const next = starts[i + 1];
      if (next === undefined) return `${start}+`;
      return next - 1 === start ? String(start) : `${start}–${next - 1}`;
    }),
  ];
}

/**
 * The map of states: each state shaded by how many published services it has and linking to its
 * page, with a legend. The shapes are one SVG file the gateway draws from the Census boundaries
 * (US_STATE_SHAPES_PATH): the page holds only links and <use> references, so the map is in the
 * server's HTML and works with JavaScript off. Each state is a link with its name and count
 * (keyboard focus shows its outline); the list of states stays below for small screens, where the
 * map is not shown.
 */
export function StateMap() {
  const id = useId();
  const regions = useRegions();
  const counts = useRegionCounts();
  if (!regions.data || !counts.data) return null;
  const countOf = (slug: string) => counts.data[slug] ?? 0;
  const starts = shadeStarts(Math.max(0, ...regions.data.map((r) => countOf(r.slug))));
  const labels = legendLabels(starts);
  return (
    <figure className="mx-auto hidden w-full max-w-4xl sm:block" aria-labelledby={`${id}-caption`}>
      <svg viewBox="0 0 975 610" className="h-auto w-full" role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
        <title id={`${id}-title`}>Map of meal prep services by state</title>
        <desc id={`${id}-desc`}>Each state is shaded by how many meal prep services it has, darker for more, and links to its page. Every state is also listed with its count.</desc>
        {regions.data.map((region: GeoRegion) => {
          const count = countOf(region.slug);
          return (
            <Link key={region.slug} to={`/state/${region.slug}`} aria-label={`${region.name}, ${pluralize(count, 'service')}`} className="group outline-none">
              <title>{`${region.name}: ${pluralize(count, 'service')}`}</title>
              <use
                href={`${US_STATE_SHAPES_PATH}#${region.slug}`}
                className={`${SHADES[shadeOf(count, starts)]} stroke-white stroke-1 transition-colors group-hover:fill-amber-400 group-focus-visible:fill-amber-400 group-focus-visible:stroke-gray-950 group-focus-visible:stroke-[3] dark:stroke-gray-950 dark:group-hover:fill-amber-300 dark:group-focus-visible:fill-amber-300 dark:group-focus-visible:stroke-white`}
              />
            </Link>
          );
        })}
      </svg>
      <figcaption id={`${id}-caption`} className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-700 dark:text-gray-200">
        <span className="font-medium">Services per state:</span>
        <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label="Legend">
          {labels.map((label, shade) => (
            <li key={label} className="flex items-center gap-1.5">
              <svg viewBox="0 0 10 10" className="h-3.5 w-3.5" aria-hidden="true">
                <rect width="10" height="10" rx="2" className={SHADES[shade]} />
              </svg>
              {label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
