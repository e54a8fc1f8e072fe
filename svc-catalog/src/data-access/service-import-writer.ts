import { Types } from 'mongoose';
import type { EventEnvelope, Offer } from '@mealprep/contracts';
import { LOST_RACE, untilWritten, type EventCarrier, type Outbox } from '@mealprep/service-kit';
import { IMPORT_COMPARED, readFrom, toImportedListing, type ImportedListing } from './service-mapping';
import { atVersion, type Doc, type ServiceModel } from './service-model';

/** A row of a services import, as the import maps it. */
export interface ImportRow {
  name: string;
  slug: string;
  tagline: string;
  mealTypes: string[];
  deliveryMethods: { localDelivery: boolean; pickup: boolean; shipsDomestically: boolean; shipsInternationally: boolean };
  website: string;
  city: string;
  state: string;
  /** Where its location is (the domain finds it), or null. */
  point: { latitude: number; longitude: number } | null;
  /** The facts of its offer, when the file has any of their columns (a file without them leaves a listing's as they are). */
  offer?: Offer;
  metadata: { imageLinkFull: string; profilePageImageLink: string; place: { longitude: number; latitude: number } | null } & Doc;
}

/** What an import does with a row whose slug a stored listing has (decided by the domain). */
export type ImportDecision = 'write' | 'unchanged' | 'owned';
/** Why an import did not write a row: an owner has the listing, it kept changing, or it was deleted meanwhile. */
export type ImportRefusal = 'owned' | 'busy' | 'gone';

function importedLocation(row: ImportRow, now: Date): Doc[] {
  return row.city || row.state || row.point
    ? [{ label: '', address: { line1: '', city: row.city, region: row.state, postalCode: '', countryCode: 'US' }, isPrimary: true, point: row.point, createdAt: now, updatedAt: now }]
    : [];
}

function importedFields(row: ImportRow, now: Date): Doc {
  return {
    name: row.name,
    tagline: row.tagline,
    mealTypes: row.mealTypes,
    // Only the two delivery flags the file has columns for: pickup and international shipping stay as they were.
    'deliveryMethods.localDelivery': row.deliveryMethods.localDelivery,
    'deliveryMethods.shipsDomestically': row.deliveryMethods.shipsDomestically,
    'contact.website': row.website,
    'metadata.imageLinkFull': row.metadata.imageLinkFull,
    'metadata.profilePageImageLink': row.metadata.profilePageImageLink,
    'metadata.place': row.metadata.place,
    locations: importedLocation(row, now),
    ...(row.offer ? { offer: row.offer } : {}),
    updatedAt: now,
  };
}

/**
 * What a services import reads and writes (the domain decides what to write: service-import.ts):
 * the stored listings with the file's slugs, then the new listings and the updates, with the
 * import's announcement on the last write. Part of the services repository, on its model.
 */
export function serviceImportWriter(Model: ServiceModel, carrier: EventCarrier, outbox: Outbox) {
  return {
    /** The stored listings with these slugs, by slug, as an import compares them (one read of all: a slug lookup per row costs a scan each on FerretDB). */
    async importedListings(slugs: readonly string[]): Promise<Map<string, ImportedListing>> {
      const wanted = new Set(slugs);
      const existing = new Map<string, ImportedListing>();
      for (const doc of await Model.find({}, IMPORT_COMPARED).lean()) {
        if (wanted.has((doc as Doc).slug)) existing.set((doc as Doc).slug, toImportedListing(doc as Doc));
      }
      return existing;
    },
    /**
     * Writes an import as the domain planned it: new rows are inserted (published, with no
     * owner), listings to update get the imported fields only. Each update applies only while the
     * listing is as read; one that changed meanwhile is read again and `decideAtWrite` is asked
     * again. What the import announces (given the ids about to be written) rides on its last write.
     * Each `listing` is one importedListings gave (the document it was read from is kept with it).
     */
    async writeImport<Row extends ImportRow>(
      plan: {
        inserts: Row[];
        updates: Array<{ listing: ImportedListing; row: Row }>;
        /** Listings the file matched as they are: named too (a retried import whose first try was cut off wrote them unannounced). */
        unchanged?: ImportedListing[];
      },
      now: Date,
      by: { byUserId: string | null; byEmail: string | null },
      options: {
        decideAtWrite: (listing: ImportedListing, row: Row) => ImportDecision;
        /** The id a new row gets (the demo seed keeps ids stable); a new ObjectId when not given. */
        newId?: (slug: string) => string;
        announce?: (written: { created: number; updated: number; serviceIds: string[] }) => EventEnvelope[];
      },
    ): Promise<{ created: number; updated: number; unchanged: number; refused: Array<{ slug: string; reason: ImportRefusal }>; written: string[]; named: string[] }> {
      const inserts: Doc[] = plan.inserts.map((s) => ({
        _id: new Types.ObjectId(options.newId?.(s.slug)),
        name: s.name,
        slug: s.slug,
        tagline: s.tagline,
        mealTypes: s.mealTypes,
        deliveryMethods: s.deliveryMethods,
        contact: { email: '', phone: '', website: s.website, socialLinks: [] },
        locations: importedLocation(s, now),
        status: 'published',
        publishedAt: now,
        ownerUserId: null,
        metadata: s.metadata,
        ...(s.offer ? { offer: s.offer } : {}),
        createdAt: now,
        updatedAt: now,
        version: 1,
        statusHistory: [{ at: now, ...by, from: null, to: 'published', reason: 'Imported from CSV' }],
      }));
      const updates = plan.updates.map(({ listing, row }) => ({ current: readFrom(listing)!, row }));
      // The announcement rides on the very last write, so it cannot go out before the import is
      // whole. (A row that turns out unchanged after all is named for nothing.)
      const named = [...inserts.map((doc) => String(doc._id)), ...updates.map(({ current }) => String(current._id)), ...(plan.unchanged ?? []).map((listing) => String(readFrom(listing)!._id))];
      const events = named.length > 0 && options.announce ? options.announce({ created: inserts.length, updated: updates.length, serviceIds: named }) : [];
      for (let start = 0; start < inserts.length; start += 1000) {
        const last = updates.length === 0 && start + 1000 >= inserts.length;
        // Lean: no document per row is built (10,000 rows stay well inside the memory budget).
        await carrier.insertMany(inserts.slice(start, start + 1000), last ? events : []);
      }
      let updated = 0;
      let unchanged = 0;
      const refused: Array<{ slug: string; reason: ImportRefusal }> = [];
      const written = inserts.map((doc) => String(doc._id));
      for (const [i, { current, row }] of updates.entries()) {
        const carrying = i === updates.length - 1 ? events : [];
        const result = await writeImported(current, row, now, carrying);
        if (result === 'written') {
          updated += 1;
          written.push(String(current._id));
        } else if (result === 'unchanged') unchanged += 1;
        else refused.push({ slug: row.slug, reason: result });
        if (result !== 'written') await outbox.record(carrying);
      }
      // Nothing was written to carry them: the listings it names are announced on their own.
      if (inserts.length === 0 && updates.length === 0) await outbox.record(events);
      const counts = { created: inserts.length, updated };
      return { ...counts, unchanged, refused, written, named: events.length > 0 ? named : [] };

      /**
       * Writes one row only while the service is as read and still has no owner; when it changed
       * meanwhile it is read again and decided again.
       */
      async function writeImported(first: Doc, row: Row, at: Date, carrying: EventEnvelope[]): Promise<'written' | 'unchanged' | ImportRefusal> {
        return untilWritten<'written' | 'unchanged' | ImportRefusal>(
          async (tryNumber) => {
            const current = tryNumber === 0 ? first : ((await Model.findById(first._id, IMPORT_COMPARED).lean()) as Doc | null);
            if (!current) return 'gone';
            const decision = options.decideAtWrite(toImportedListing(current), row);
            if (decision !== 'write') return decision;
            const update = carrier.update({ $set: importedFields(row, at), $inc: { version: 1 } }, carrying);
            const result = await Model.updateOne({ ...atVersion(current), ownerUserId: null }, update, { timestamps: false });
            if (result.matchedCount === 0) return LOST_RACE;
            carrier.written([current._id], carrying);
            return 'written';
          },
          () => 'busy',
        );
      }
    },
  };
}
