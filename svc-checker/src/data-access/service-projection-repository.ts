import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/**
 * svc-checker's own copy of what it needs of each service (kept from catalog events and rebuilt
 * from svc-catalog after an import): its name, slug, website and status.
 */
const serviceSchema = new Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, default: '' },
    slug: { type: String, default: '' },
    website: { type: String, default: '' },
    status: { type: String, default: 'draft' },
  },
  { collection: 'services', versionKey: false },
);

export interface ProjectedService {
  id: string;
  name: string;
  slug: string;
  website: string;
  status: string;
}

/** The services whose websites are checked: listed (published, or waiting for review) and with a website. */
const CHECKABLE = { status: { $in: ['published', 'pending'] }, website: { $ne: '' } };

export type ServiceProjectionRepository = ReturnType<typeof serviceProjectionRepository>;

export function serviceProjectionRepository(connection: Connection) {
  const Model = modelOn(connection, 'ProjectedService', serviceSchema);
  const toService = (d: Record<string, unknown>): ProjectedService => ({ id: String(d._id), name: String(d.name ?? ''), slug: String(d.slug ?? ''), website: String(d.website ?? ''), status: String(d.status ?? '') });
  return {
    /** Records what an event said; fields it did not carry stay as they were. */
    async upsert(id: string, fields: Partial<Omit<ProjectedService, 'id'>>): Promise<void> {
      const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      await Model.updateOne({ _id: id }, { $set: set }, { upsert: true });
    },
    async remove(id: string): Promise<void> {
      await Model.deleteOne({ _id: id });
    },
    /** Makes the projection exactly the given list (after an import, or at start). */
    async replaceAll(services: ProjectedService[]): Promise<{ upserted: number; removed: number }> {
      const wanted = new Set(services.map((s) => s.id));
      const stale = (await Model.find({}, { _id: 1 }).lean()).map((d) => String(d._id)).filter((id) => !wanted.has(id));
      if (stale.length) await Model.deleteMany({ _id: { $in: stale } });
      for (let i = 0; i < services.length; i += 500) {
        const batch = services.slice(i, i + 500);
        await Model.bulkWrite(batch.map(({ id, ...fields }) => ({ updateOne: { filter: { _id: id }, update: { $set: fields }, upsert: true } })));
      }
      return { upserted: services.length, removed: stale.length };
    },
    async findById(id: string): Promise<ProjectedService | null> {
      const doc = await Model.findById(id).lean();
      return doc ? toService(doc as Record<string, unknown>) : null;
    },
    async findByIds(ids: string[]): Promise<ProjectedService[]> {
      return (await Model.find({ _id: { $in: ids } }).lean()).map((d) => toService(d as Record<string, unknown>));
    },
    async listCheckable(): Promise<ProjectedService[]> {
      return (await Model.find(CHECKABLE).lean()).map((d) => toService(d as Record<string, unknown>));
    },
    async countCheckable(): Promise<number> {
      return Model.countDocuments(CHECKABLE);
    },
    async checkableIds(): Promise<string[]> {
      return (await Model.find(CHECKABLE, { _id: 1 }).lean()).map((d) => String(d._id));
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
