import { ALLERGEN_FRIENDLY_OPTIONS, OfferInputSchema, SERVICE_CSV_OFFER_COLUMNS, SERVICE_TEXT_LIMITS as L, slugify, WEEKDAYS, type Offer, type PlanKind, type Weekday } from '@mealprep/contracts';
import type { ImportRow } from '../../data-access/service-import-writer';
import { looksLikeFormula } from './spreadsheet-formula';
import { US_STATES } from '../catalogue/us-states';

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

/** One row of a services file as a service, or why it is skipped. */
export function mapRow(row: Record<string, string>, knownMealTypes: Map<string, string>): ImportedService | { reason: string } {
  // A cell a spreadsheet would run as a formula is never imported: the data goes back into spreadsheets.
  const formula = Object.entries(row).find(([, value]) => typeof value === 'string' && looksLikeFormula(value));
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
  const offer = offerOf(row);
  if (offer && 'reason' in offer) return offer;
  return {
    ...(offer ? { offer } : {}),
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

const NO = new Set(['no', 'n', 'false', '0']);
const PLAN_WORDS: Record<string, PlanKind> = {
  subscription: 'subscription',
  'weekly subscription': 'subscription',
  weekly: 'subscription',
  'one-off': 'one-off',
  'one off': 'one-off',
  'one-time': 'one-off',
  'one time': 'one-off',
  'a la carte': 'one-off',
  both: 'both',
};
/** The longest offer cell read: a longer one is not a value of these columns. */
const MAX_OFFER_CELL = 200;

/** "Thursday", "thu" or "Thurs." as a day of the week, or null. */
function weekday(word: string): Weekday | null {
  const day = word.toLowerCase().replace(/\.$/, '').slice(0, 3);
  return word.length >= 3 && (WEEKDAYS as readonly string[]).includes(day) ? (day as Weekday) : null;
}

/** "$9.50", "9.5" or "" as dollars (null when empty), or NaN when not a price. */
function dollars(text: string): number | null {
  if (!text) return null;
  return /^\$?\d{1,4}(?:\.\d{1,2})?$/.test(text) ? Number(text.replace('$', '')) : Number.NaN;
}

/** "Thursday 6 pm", "thu 18:00" or "Sun 12" as an order cutoff, or undefined when not one. */
function cutoff(text: string): { day: Weekday; hour: number } | undefined {
  const match = /^([A-Za-z.]{3,10})[\s,]+(\d{1,2})(?::00)?\s*(am|pm)?$/i.exec(text);
  const day = match ? weekday(match[1]!) : null;
  if (!match || !day) return undefined;
  const hour = Number(match[2]);
  const half = match[3]?.toLowerCase();
  if (half && (hour < 1 || hour > 12)) return undefined;
  return { day, hour: half ? (hour % 12) + (half === 'pm' ? 12 : 0) : hour };
}

/** The offer a row gives in the offer's columns (checked as the owner's form is), null when the file has none of them, or why the row is skipped. */
function offerOf(row: Record<string, string>): Offer | null | { reason: string } {
  if (!SERVICE_CSV_OFFER_COLUMNS.some((column) => column in row)) return null;
  const long = SERVICE_CSV_OFFER_COLUMNS.find((column) => cell(row, column).length > MAX_OFFER_CELL);
  if (long) return { reason: `${long} is longer than ${MAX_OFFER_CELL} characters` };
  const low = dollars(cell(row, 'Price Per Meal Low'));
  const high = dollars(cell(row, 'Price Per Meal High'));
  if (Number.isNaN(low) || Number.isNaN(high)) return { reason: 'Price Per Meal is not a price in dollars' };
  const planCell = cell(row, 'Plans').toLowerCase();
  const plans = planCell ? PLAN_WORDS[planCell] : null;
  if (plans === undefined) return { reason: 'Plans is not subscription, one-off or both' };
  const pauseCell = cell(row, 'Pause Any Time').toLowerCase();
  if (pauseCell && !YES.has(pauseCell) && !NO.has(pauseCell)) return { reason: 'Pause Any Time is not yes or no' };
  const days = cell(row, 'Delivery Days')
    .split(/[,;|/\s]+/)
    .filter(Boolean)
    .map(weekday);
  if (days.includes(null)) return { reason: 'Delivery Days are not days of the week' };
  const cutoffCell = cell(row, 'Order Cutoff');
  const orderCutoff = cutoffCell ? cutoff(cutoffCell) : null;
  if (orderCutoff === undefined) return { reason: 'Order Cutoff is not a day and an hour (e.g. "Thursday 6 pm")' };
  const minimumCell = cell(row, 'Minimum Order').replace(/\s*meals?$/i, '');
  if (minimumCell && !/^\d{1,3}$/.test(minimumCell)) return { reason: 'Minimum Order is not a number of meals' };
  const allergens = cell(row, 'Allergen Friendly')
    .split(/[,;|]/)
    .map((a) => slugify(a))
    .filter(Boolean);
  if (allergens.some((a) => !(ALLERGEN_FRIENDLY_OPTIONS as readonly string[]).includes(a))) return { reason: `Allergen Friendly names something other than ${ALLERGEN_FRIENDLY_OPTIONS.join(', ')}` };
  const menuUrl = webAddress(cell(row, 'Menu Link'));
  if (menuUrl === null) return { reason: 'Menu Link is not a web address' };
  const parsed = OfferInputSchema.safeParse({
    pricePerMeal: low === null && high === null ? null : { low: low ?? high, high: high ?? low },
    plans,
    pauseAnyTime: pauseCell ? YES.has(pauseCell) : null,
    deliveryDays: [...new Set(days)],
    orderCutoff,
    minimumOrderMeals: minimumCell ? Number(minimumCell) : null,
    allergenFriendly: [...new Set(allergens)],
    menuUrl,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { reason: `The offer's ${issue.path.join('.')} ${issue.message}` };
  }
  return parsed.data;
}
