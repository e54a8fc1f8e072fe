import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';
import type { GeoRegion } from '@mealprep/contracts';

const geoRegionSchema = new Schema(
  {
    slug: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    countryCode: { type: String, required: true, index: true },
    type: { type: String, required: true },
  },
  { collection: 'geo_regions', versionKey: false },
);

export type GeoRegionRepository = ReturnType<typeof geoRegionRepository>;

export function geoRegionRepository(connection: Connection) {
  const Model = modelOn(connection, 'GeoRegion', geoRegionSchema);
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
    /** Inserts the regions that are missing; returns how many were new. */
    async insertMissing(regions: GeoRegion[]): Promise<number> {
      const result = await Model.bulkWrite(
        regions.map((region) => ({
          updateOne: { filter: { slug: region.slug }, update: { $setOnInsert: region }, upsert: true },
        })),
      );
      return result.upsertedCount;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
