import { Schema, type Connection } from 'mongoose';
import { DELETED_STATUS as DELETED, modelOn, versionedProjection } from '@mealprep/service-kit';

/**
 * svc-checker's own copy of what it needs of each service (kept from catalog events, read again
 * from svc-catalog for what an import wrote, and loaded whole at start): its name, slug, website
 * and status, with the version svc-catalog gave that state. A deleted service stays as a
 * tombstone (status `deleted`), so an event that arrives late cannot bring it back.
 */
const serviceSchema = new Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, default: '' },
    slug: { type: String, default: '' },
    website: { type: String, default: '' },
    status: { type: String, default: 'draft' },
    version: { type: Number, default: 0 },
    /** When this instance last wrote it: a load at start removes only entries older than itself. */
    syncedAt: { type: Date, default: null },
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

/** A service's state as svc-catalog announced it, at a version. */
export type VersionedService = Pick<ProjectedService, 'id' | 'slug' | 'status'> & Partial<Pick<ProjectedService, 'name' | 'website'>> & { version: number };

/** The services whose websites are checked: listed (published, or waiting for review) and with a website. */
const CHECKABLE = { status: { $in: ['published', 'pending'] }, website: { $ne: '' } };

export type ServiceProjectionRepository = ReturnType<typeof serviceProjectionRepository>;

export function serviceProjectionRepository(connection: Connection) {
  const Model = modelOn(connection, 'ProjectedService', serviceSchema);
  const toService = (d: Record<string, unknown>): ProjectedService => ({
    id: String(d._id),
    name: String(d.name ?? ''),
    slug: String(d.slug ?? ''),
    website: String(d.website ?? ''),
    status: String(d.status ?? ''),
  });
  const versions = versionedProjection(Model);
  return {
    /** Records what an event or svc-catalog said, unless a newer state is held; true when it was written. */
    async apply(service: VersionedService): Promise<boolean> {
      const { id, version, ...fields } = service;
      return versions.apply(id, version, fields);
    },
    /** A deleted service becomes a tombstone that no later event can undo. */
    markDeleted: versions.markDeleted,
    /** Brings the copy in step with svc-catalog's whole list (see versionedProjection). */
    async sync(services: VersionedService[], askedAt: Date): Promise<{ written: number; removed: number }> {
      return versions.sync(
        services.map(({ id, version, ...fields }) => ({ id, version, fields })),
        askedAt,
      );
    },
    async findById(id: string): Promise<ProjectedService | null> {
      const doc = await Model.findById(id).lean();
      return doc && doc.status !== DELETED ? toService(doc as Record<string, unknown>) : null;
    },
    async findByIds(ids: string[]): Promise<ProjectedService[]> {
      return (await Model.find({ _id: { $in: ids }, status: { $ne: DELETED } }).lean()).map((d) => toService(d as Record<string, unknown>));
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
      await versions.migrate();
    },
  };
}
