import type { Readable } from 'node:stream';
import { MAX_IMPORT_IDS, type EventEnvelope, type Identity, type ImportResult } from '@mealprep/contracts';
import { AppError, type DomainEvents } from '@mealprep/service-kit';
import { parseCsvStream } from './csv-stream';
import type { CatalogIndex } from '../catalogue/catalog-index';
import type { ImportDecision, ImportRefusal } from '../../data-access/service-import-writer';
import type { ImportedListing } from '../../data-access/service-mapping';
import type { OwnerDeps } from '../listings/owner-services';
import { cell, mapRow, type ImportedService } from './service-import-rows';

const MAX_REASONS = 1000;

/**
 * services.importFromCSV: rows become published services, matched by slug, so importing the same
 * file twice changes nothing the second time. Invalid rows are skipped with a reason each.
 */
export type ImportDeps = Pick<OwnerDeps, 'services' | 'mealTypes' | 'events' | 'now'> & { catalog: Pick<CatalogIndex, 'reload' | 'places'> };

/** Why a row that matched a stored listing was not written. */
const REFUSALS: Record<ImportRefusal, string> = {
  owned: 'A listing with this slug is managed by its owner; an import never overwrites it',
  busy: 'The listing kept changing during the import; import the file again to update it',
  gone: 'The listing was deleted during the import',
};

/** Whether a stored listing already says what a row says, in every column the file has. */
function sameAsImported(listing: ImportedListing, row: ImportedService): boolean {
  return (
    listing.name === row.name &&
    listing.tagline === row.tagline &&
    JSON.stringify(listing.mealTypes) === JSON.stringify(row.mealTypes) &&
    (['localDelivery', 'shipsDomestically'] as const).every((k) => listing.deliveryMethods[k] === Boolean(row.deliveryMethods[k])) &&
    listing.website === row.website &&
    listing.city === row.city &&
    listing.region === row.state &&
    JSON.stringify(listing.place) === JSON.stringify(row.metadata.place) &&
    listing.imageLinkFull === row.metadata.imageLinkFull &&
    listing.profilePageImageLink === row.metadata.profilePageImageLink &&
    (row.offer === undefined || JSON.stringify(listing.offer) === JSON.stringify(row.offer))
  );
}

/**
 * A row whose slug a stored listing has: nothing to do when the listing already says what the
 * row says (even one an owner manages), refused when an owner manages it, else written.
 */
function importDecision(listing: ImportedListing, row: ImportedService): ImportDecision {
  if (sameAsImported(listing, row)) return 'unchanged';
  return listing.ownerUserId ? 'owned' : 'write';
}

/**
 * The same at the moment of writing, on the listing as read for the write (again when it changed
 * meanwhile), the owner first: a listing an owner took over is refused even when it now says the same.
 */
function importDecisionAtWrite(listing: ImportedListing, row: ImportedService): ImportDecision {
  if (listing.ownerUserId) return 'owned';
  return sameAsImported(listing, row) ? 'unchanged' : 'write';
}

/**
 * What announces an import: the services it is about to write, named in parts of at most
 * MAX_IMPORT_IDS (the first part carries the counts).
 */
function importAnnouncements(events: DomainEvents, written: { created: number; updated: number; serviceIds: string[] }): EventEnvelope[] {
  const parts: EventEnvelope[] = [];
  for (let start = 0; start < written.serviceIds.length; start += MAX_IMPORT_IDS) {
    const first = start === 0;
    parts.push(
      events.event('catalog.services.imported', { created: first ? written.created : 0, updated: first ? written.updated : 0, serviceIds: written.serviceIds.slice(start, start + MAX_IMPORT_IDS) }),
    );
  }
  return parts;
}

/** A row of the file that maps to a service, with its line. */
type ImportRowAt = ImportedService & { line: number };

/**
 * Each row matched with the stored listing of its slug: a new slug is a new listing; one that is
 * stored is left unchanged, refused or updated (importDecision). The unchanged ones are still
 * announced with the import (see writeImport).
 */
function planImport(rows: Iterable<ImportRowAt>, stored: Map<string, ImportedListing>) {
  const plan: { inserts: ImportRowAt[]; updates: Array<{ listing: ImportedListing; row: ImportRowAt }>; unchanged: ImportedListing[] } = { inserts: [], updates: [], unchanged: [] };
  const refused: Array<{ slug: string; reason: ImportRefusal }> = [];
  let unchanged = 0;
  for (const row of rows) {
    const listing = stored.get(row.slug);
    if (!listing) {
      plan.inserts.push(row);
      continue;
    }
    const decision = importDecision(listing, row);
    if (decision === 'unchanged') {
      unchanged += 1;
      plan.unchanged.push(listing);
    } else if (decision === 'owned') refused.push({ slug: row.slug, reason: 'owned' });
    else plan.updates.push({ listing, row });
  }
  return { plan, refused, unchanged };
}

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
  const bySlug = new Map<string, ImportRowAt>();
  for (const { line, values } of rows) {
    const mapped = mapRow(values, knownMealTypes);
    if ('reason' in mapped) skip(line, cell(values, 'Name'), mapped.reason);
    else if (bySlug.has(mapped.slug)) skip(line, mapped.name, `Slug "${mapped.slug}" is already used by an earlier row`);
    // Where it is: the file's coordinates, else its city and state (a city the ZIP table does not know leaves it without a point: listed, but not near anyone).
    else bySlug.set(mapped.slug, { ...mapped, point: deps.catalog.places.locate({ postalCode: '', city: mapped.city, region: mapped.state }, mapped.metadata.place), line });
  }
  const { plan, refused, unchanged } = planImport(bySlug.values(), await deps.services.importedListings([...bySlug.keys()]));
  const now = deps.now?.() ?? new Date();
  const result = await deps.services.writeImport(
    plan,
    now,
    { byUserId: identity.userId, byEmail: identity.email },
    {
      decideAtWrite: importDecisionAtWrite,
      newId: options.newId,
      announce: options.announce === false ? undefined : (written) => importAnnouncements(deps.events, written),
    },
  );
  for (const { slug, reason } of [...refused, ...result.refused]) {
    const row = bySlug.get(slug)!;
    skip(row.line, row.name, REFUSALS[reason]);
  }
  // What it names is read again here and by every other instance and service: the unchanged
  // listings too, which a first try cut off by a crash may have written without telling anyone.
  if (result.named.length > 0) {
    await deps.catalog.reload(result.named);
    await deps.events.relay();
  }
  skippedRows.sort((a, b) => a.line - b.line);
  return { imported: result.created + result.updated, skipped, unchanged: unchanged + result.unchanged, skippedRows };
}
