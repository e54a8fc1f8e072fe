import type { Readable } from 'node:stream';
import { SERVICE_TEXT_LIMITS as L, slugify, type Identity, type ImportResult } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import { parseCsvStream } from './csv-stream';
import type { CatalogIndex } from './catalog-index';
import type { ImportRefusal } from '../data-access/service-repository';
import type { OwnerDeps } from './owner-services';
import { US_STATES } from './us-states';

const STATE_BY_NAME = new Map(US_STATES.map((s) => [s.name.toLowerCase(), s.name]));
const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const MAX_REASONS = 1000;

interface ImportedService {
  name: string;
  slug: string;
  tagline: string;
  mealTypes: string[];
  deliveryMethods: { localDelivery: boolean; pickup: boolean; shipsDomestically: boolean; shipsInternationally: boolean };
  website: string;
  city: string;
  state: string;
  metadata: { imageLinkFull: string; profilePageImageLink: string; place: { longitude: number; latitude: number } | null; submittedVia: 'import' };
}

const cell = (row: Record<string, string>, column: string) => (typeof row[column] === 'string' ? row[column].trim() : '');

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

/** One row as a service, or why it cannot be one. */
function mapRow(row: Record<string, string>, knownMealTypes: Map<string, string>): ImportedService | { reason: string } {
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
    metadata: { imageLinkFull: link('Image Link Full'), profilePageImageLink: link('Profile Page Image Link'), place: hasPlace ? { longitude: lng, latitude: lat } : null, submittedVia: 'import' },
  };
}

/**
 * services.importFromCSV: rows become published services, matched by slug, so importing the same
 * file twice changes nothing the second time. Invalid rows are skipped with a reason each.
 */
export type ImportDeps = Pick<OwnerDeps, 'services' | 'mealTypes' | 'events' | 'now'> & { catalog: Pick<CatalogIndex, 'reload'> };

/** Why a row that matched a stored listing was not written (see ServiceRepository.upsertImported). */
const REFUSALS: Record<ImportRefusal, string> = {
  owned: 'A listing with this slug is managed by its owner; an import never overwrites it',
  busy: 'The listing kept changing during the import; import the file again to update it',
  gone: 'The listing was deleted during the import',
};

export async function importServices(
  deps: ImportDeps,
  identity: Pick<Identity, 'userId' | 'email'>,
  body: Readable,
  /** `announce: false`: the import is not announced (the demo seed, before anything listens). */
  options: { newId?: (slug: string) => string; announce?: boolean } = {},
): Promise<ImportResult> {
  const { header, rows } = await parseCsvStream(body);
  if (rows.length === 0) throw AppError.badRequest('The file has no rows to import.');
  if (!header.includes('Name')) throw AppError.badRequest('Missing columns: Name. The first line must name the columns.');
  const knownMealTypes = new Map((await deps.mealTypes.list()).map((m) => [m.slug, m.slug]));
  const skippedRows: ImportResult['skippedRows'] = [];
  let skipped = 0;
  const skip = (line: number, name: string, reason: string) => {
    skipped += 1;
    if (skippedRows.length < MAX_REASONS) skippedRows.push({ line, name: name.slice(0, 120), reason });
  };
  const bySlug = new Map<string, ImportedService & { line: number }>();
  for (const { line, values } of rows) {
    const mapped = mapRow(values, knownMealTypes);
    if ('reason' in mapped) skip(line, cell(values, 'Name'), mapped.reason);
    else if (bySlug.has(mapped.slug)) skip(line, mapped.name, `Slug "${mapped.slug}" is already used by an earlier row`);
    else bySlug.set(mapped.slug, { ...mapped, line });
  }
  const now = deps.now?.() ?? new Date();
  const result = await deps.services.upsertImported([...bySlug.values()], now, { byUserId: identity.userId, byEmail: identity.email }, {
    newId: options.newId,
    announce: options.announce === false ? undefined : (written) => [deps.events.event('catalog.services.imported', written)],
  });
  for (const { slug, reason } of result.refused) {
    const row = bySlug.get(slug)!;
    skip(row.line, row.name, REFUSALS[reason]);
  }
  if (result.written.length > 0) {
    await deps.catalog.reload(result.written);
    await deps.events.relay();
  }
  skippedRows.sort((a, b) => a.line - b.line);
  return { imported: result.created + result.updated, skipped, unchanged: result.unchanged, skippedRows };
}

export type { ImportedService };
