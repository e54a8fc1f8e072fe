import { Schema, type Connection } from 'mongoose';
import { carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';
import type { EventEnvelope, GeoRegion } from '@mealprep/contracts';

const geoRegionSchema = new Schema(
  {
    slug: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    countryCode: { type: String, required: true, index: true },
    type: { type: String, required: true },
  },
  { collection: 'geo_regions', versionKey: false },
);
geoRegionSchema.plugin(carriesEvents);

export type GeoRegionRepository = ReturnType<typeof geoRegionRepository>;

export function geoRegionRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'GeoRegion', geoRegionSchema);
  const carrier = outbox.carrier(Model);
  const toPlain = (doc: Record<string, unknown>): GeoRegion => ({
    slug: String(doc.slug),
    name: String(doc.name),
    countryCode: 'US',
    type: 'state',
  });
  return {
    async listByCountry(countryCode: string): Promise<GeoRegion[]> {
      const docs = await Model.find({ countryCode }).sort({ name: 1 }).lean();
      return docs.map(toPlain);
    },
    async findBySlug(slug: string): Promise<GeoRegion | null> {
      const doc = await Model.findOne({ slug }).lean();
      return doc ? toPlain(doc) : null;
    },
    /** Inserts the regions that are missing, the last carrying what it announces (given how many); returns how many were new. */
    async insertMissing(regions: GeoRegion[], announce: (count: number) => EventEnvelope[]): Promise<number> {
      const known = new Set((await Model.find({}, { slug: 1 }).lean()).map((d) => d.slug));
      const missing = regions.filter((r) => !known.has(r.slug));
      if (missing.length === 0) return 0;
      return carrier.insertMany(missing, announce(missing.length));
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
