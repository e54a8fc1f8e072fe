import { Schema, type Connection } from 'mongoose';
import { carriesEvents, KeyedRecords, LOST_RACE, modelOn, type Outbox } from '@mealprep/service-kit';
import type { BrandSettings, BrandTrailEntry, EventEnvelope } from '@mealprep/contracts';
import type { BrandVersion } from '../domain/brand/brand-versions';

/** Each published version of the brand, its number as its key; the one that publishes it carries its event. */
const brandVersionSchema = new Schema(
  {
    _id: { type: Number, required: true },
    settings: { type: Schema.Types.Mixed, required: true },
    publishedBy: { type: String, required: true },
    publishedAt: { type: Date, required: true },
    from: { type: Number, default: null },
  },
  { collection: 'brand_versions', versionKey: false, minimize: false },
);
brandVersionSchema.plugin(carriesEvents);

/** Staff's draft (one record), with the last saves of it, the trail's draft steps. */
export interface BrandDraftRecord {
  settings: BrandSettings;
  savedBy: string;
  savedAt: string;
  saves: BrandTrailEntry[];
}

const DRAFT_KEY = 'draft';
const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

export type BrandRepository = ReturnType<typeof brandRepository>;

/**
 * The brand's storage: at most KEPT_BRAND_VERSIONS published versions (the latest is the brand
 * visitors see) and one draft. Every read is by key, or of the versions' keys (a hundred at most).
 */
export function brandRepository(connection: Connection, outbox: Outbox) {
  const Versions = modelOn(connection, 'BrandVersion', brandVersionSchema);
  const carrier = outbox.carrier(Versions);
  const drafts = new KeyedRecords<BrandDraftRecord>(connection, 'brand_drafts');
  const toVersion = (doc: Record<string, unknown>): BrandVersion => ({
    version: Number(doc._id),
    settings: doc.settings as BrandSettings,
    publishedBy: String(doc.publishedBy),
    publishedAt: doc.publishedAt as Date,
    from: doc.from === null || doc.from === undefined ? null : Number(doc.from),
  });
  return {
    /** The latest published version (the brand visitors see), or null before the first start kept one. */
    async latest(): Promise<BrandVersion | null> {
      const doc = await Versions.findOne({}, { _outbox: 0 }).sort({ _id: -1 }).lean();
      return doc ? toVersion(doc) : null;
    },
    async version(version: number): Promise<BrandVersion | null> {
      const doc = await Versions.findOne({ _id: version }, { _outbox: 0 }).lean();
      return doc ? toVersion(doc) : null;
    },
    /** Every kept version without its settings, newest first. */
    async history(): Promise<Array<Omit<BrandVersion, 'settings'>>> {
      const docs = await Versions.find({}, { settings: 0, _outbox: 0 }).sort({ _id: -1 }).lean();
      return docs.map((doc) => {
        const { settings: _settings, ...rest } = toVersion(doc);
        return rest;
      });
    },
    /** Adds a version with the events that announce it, in one write; LOST_RACE when another writer made that number first. */
    async add(version: BrandVersion, events: readonly EventEnvelope[]): Promise<true | typeof LOST_RACE> {
      const doc = { _id: version.version, settings: version.settings, publishedBy: version.publishedBy, publishedAt: version.publishedAt, from: version.from };
      try {
        await Versions.collection.insertOne(carrier.insert(doc, events) as never);
      } catch (err) {
        if (isDuplicateKey(err)) return LOST_RACE;
        throw err;
      }
      carrier.written([version.version], events);
      return true;
    },
    async versionNumbers(): Promise<number[]> {
      const docs = await Versions.find({}, { _id: 1 }).lean();
      return docs.map((doc) => Number(doc._id));
    },
    async drop(versions: readonly number[]): Promise<void> {
      if (versions.length > 0) await Versions.deleteMany({ _id: { $in: versions } });
    },
    readDraft(): Promise<BrandDraftRecord | null> {
      return drafts.read(DRAFT_KEY);
    },
    /** Changes the draft as `plan` decides (null: leave it); see KeyedRecords.change. */
    changeDraft(plan: (current: BrandDraftRecord | null) => BrandDraftRecord | null): Promise<BrandDraftRecord | null> {
      return drafts.change(DRAFT_KEY, plan);
    },
    async ensureIndexes(): Promise<void> {
      await Versions.init();
    },
  };
}
