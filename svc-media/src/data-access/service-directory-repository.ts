import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/**
 * svc-media's own copy of what it needs to know of each service (kept from catalog events): the
 * name to search media by, and whether it is featured now.
 */
const entrySchema = new Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, default: '' },
    slug: { type: String, default: '' },
    status: { type: String, default: 'draft' },
    featuredUntil: { type: Date, default: null },
  },
  { collection: 'service_directory', versionKey: false },
);

export interface DirectoryEntry {
  id: string;
  name: string;
  slug: string;
  status: string;
  featuredUntil: string | null;
}

export type ServiceDirectoryRepository = ReturnType<typeof serviceDirectoryRepository>;

export function serviceDirectoryRepository(connection: Connection) {
  const Model = modelOn(connection, 'ServiceDirectoryEntry', entrySchema);
  return {
    /** Records what an event said; fields it did not carry are left as they were. */
    async upsert(id: string, fields: { name?: string; slug?: string; status?: string; featuredUntil?: string | null }): Promise<void> {
      const set: Record<string, unknown> = {};
      if (fields.name !== undefined) set.name = fields.name;
      if (fields.slug !== undefined) set.slug = fields.slug;
      if (fields.status !== undefined) set.status = fields.status;
      if (fields.featuredUntil !== undefined) set.featuredUntil = fields.featuredUntil ? new Date(fields.featuredUntil) : null;
      await Model.updateOne({ _id: id }, { $set: set }, { upsert: true });
    },
    async remove(id: string): Promise<void> {
      await Model.deleteOne({ _id: id });
    },
    async all(): Promise<Map<string, DirectoryEntry>> {
      const docs = await Model.find().lean();
      return new Map(
        docs.map((d) => [
          String(d._id),
          { id: String(d._id), name: d.name ?? '', slug: d.slug ?? '', status: d.status ?? 'draft', featuredUntil: d.featuredUntil ? new Date(d.featuredUntil).toISOString() : null },
        ]),
      );
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
