import { SERVICE_TEXT_LIMITS as L, slugify } from '@mealprep/contracts';
import type { ImportRow } from '../data-access/service-import-writer';
import { US_STATES } from './us-states';

const STATE_BY_NAME = new Map(US_STATES.map((s) => [s.name.toLowerCase(), s.name]));
const YES = new Set(['yes', 'y', 'true', '1', 'x']);

/** A row of a services file as the import writes it (only the columns the file has). */
export type ImportedService = ImportRow & { metadata: { submittedVia: 'import' } };

export const cell = (row: Record<string, string>, column: string) => (typeof row[column] === 'string' ? row[column].trim() : '');

function webAddress(value: string): string | null {
  if (!value) return '';
  const candidate = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    // Stored as written (with the scheme added), so a re-import of the same file compares equal.
    return ['http:', 'https:'].includes(url.protocol) && url.hostname.includes('.') && !/\s/.test(candidate) ? candidate : null;
  } catch {
    return null;
  }
}

/** A cell a spreadsheet would run as a formula (=CMD(), +x, @SUM, -cmd): never imported. */
const FORMULA = /^(?:[=+@]|-[A-Za-z(])/;

/** One row of a services file as a service, or why it is skipped. */
export function mapRow(row: Record<string, string>, knownMealTypes: Map<string, string>): ImportedService | { reason: string } {
  const formula = Object.entries(row).find(([, value]) => typeof value === 'string' && FORMULA.test(value.trim()));
  if (formula) return { reason: `${formula[0]} looks like a spreadsheet formula` };
  const name = cell(row, 'Name');
  if (!name) return { reason: 'Name is empty' };
  if (name.length > L.name) return { reason: `Name is longer than ${L.name} characters` };
  const slug = slugify(cell(row, 'Slug') || name);
  if (!slug) return { reason: 'Slug is empty (the name has no letters or digits)' };
  const tagline = cell(row, 'Tagline');
  if (tagline.length > L.tagline) return { reason: `Tagline is longer than ${L.tagline} characters` };
  const stateCell = cell(row, 'State');
  const state = stateCell ? STATE_BY_NAME.get(stateCell.toLowerCase()) : '';
  if (state === undefined) return { reason: `Unknown state "${stateCell.slice(0, 40)}"` };
  const city = cell(row, 'City');
  if (city.length > L.city) return { reason: `City is longer than ${L.city} characters` };
  const website = webAddress(cell(row, 'Website'));
  if (website === null || website.length > L.url) return { reason: 'Website is not a web address' };
  const mealTypes = [
    ...new Set(
      cell(row, 'Meal Types')
        .split(/[,;|]/)
        .map((t) => slugify(t))
        .map((t) => knownMealTypes.get(t) ?? knownMealTypes.get(t.replace(/-diet$/, '')))
        .filter((t): t is string => Boolean(t)),
    ),
  ];
  const lng = Number(cell(row, 'Place Longitude'));
  const lat = Number(cell(row, 'Place Latitude'));
  const hasPlace = cell(row, 'Place Longitude') !== '' && cell(row, 'Place Latitude') !== '';
  if (hasPlace && (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90)) return { reason: 'Place Longitude/Latitude are not coordinates' };
  const link = (column: string) => {
    const value = webAddress(cell(row, column));
    return value && value.length <= L.url ? value : '';
  };
  return {
    name,
    slug,
    tagline,
    mealTypes,
    deliveryMethods: { localDelivery: YES.has(cell(row, 'Home Delivery').toLowerCase()), pickup: false, shipsDomestically: YES.has(cell(row, 'Shipping').toLowerCase()), shipsInternationally: false },
    website,
    city,
    state: state ?? '',
    point: null,
    metadata: { imageLinkFull: link('Image Link Full'), profilePageImageLink: link('Profile Page Image Link'), place: hasPlace ? { longitude: lng, latitude: lat } : null, submittedVia: 'import' },
  };
}
