import { Schema, type Connection } from 'mongoose';
import { DELETED_STATUS, modelOn, versionedProjection } from '@mealprep/service-kit';

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
    /** Who owns it (null: no one yet), and the photos its gallery shows: an upload for it is its owner's or staff's, at most MAX_LISTING_PHOTOS. */
    ownerUserId: { type: String, default: null },
    photoIds: { type: [String], default: undefined },
    /** The version svc-catalog gave this state; only newer ones are written (see versionedProjection). */
    version: { type: Number, default: 0 },
    syncedAt: { type: Date, default: null },
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

/** What svc-catalog says of a service at a version; fields an older producer left out stay as they were. */
export interface DirectoryState {
  id: string;
  version: number;
  name?: string;
  slug?: string;
  status?: string;
  featuredUntil?: string | null;
  ownerUserId?: string | null;
  photoIds?: string[];
}

/** What photo uploads and the serving of photos need to know of one service. */
export interface DirectoryFacts {
  id: string;
  name: string;
  slug: string;
  status: string;
  ownerUserId: string | null;
  photoIds: string[];
}

export function serviceDirectoryRepository(connection: Connection) {
  const Model = modelOn(connection, 'ServiceDirectoryEntry', entrySchema);
  const versions = versionedProjection(Model);
  const fieldsOf = ({ name, slug, status, featuredUntil, ownerUserId, photoIds }: DirectoryState) => ({
    ...(ownerUserId === undefined ? {} : { ownerUserId }),
    ...(photoIds === undefined ? {} : { photoIds }),
    ...(name === undefined ? {} : { name }),
    ...(slug === undefined ? {} : { slug }),
    ...(status === undefined ? {} : { status }),
    ...(featuredUntil === undefined ? {} : { featuredUntil: featuredUntil ? new Date(featuredUntil) : null }),
  });
  return {
    /** Records a state of a service unless a newer one is held. */
    async apply(state: DirectoryState): Promise<boolean> {
      return versions.apply(state.id, state.version, fieldsOf(state));
    },
    /** A deleted service becomes a tombstone that no later event can undo. */
    markDeleted: versions.markDeleted,
    /** Brings the directory in step with svc-catalog's whole list (see versionedProjection). */
    async sync(states: DirectoryState[], askedAt: Date): Promise<{ written: number; removed: number }> {
      return versions.sync(
        states.map((state) => ({ id: state.id, version: state.version, fields: fieldsOf(state) })),
        askedAt,
      );
    },
    /** One service by its id (a key read); null when it is not known or deleted. */
    async facts(id: string): Promise<DirectoryFacts | null> {
      const doc = await Model.findById(id, { name: 1, slug: 1, status: 1, ownerUserId: 1, photoIds: 1 }).lean();
      if (!doc || doc.status === DELETED_STATUS) return null;
      return { id: String(doc._id), name: doc.name ?? '', slug: doc.slug ?? '', status: doc.status ?? 'draft', ownerUserId: doc.ownerUserId ?? null, photoIds: doc.photoIds ?? [] };
    },
    /** Every service there is (not the deleted ones), by id. */
    async all(): Promise<Map<string, DirectoryEntry>> {
      const docs = await Model.find({ status: { $ne: DELETED_STATUS } }).lean();
      return new Map(
        docs.map((d) => [
          String(d._id),
          { id: String(d._id), name: d.name ?? '', slug: d.slug ?? '', status: d.status ?? 'draft', featuredUntil: d.featuredUntil ? new Date(d.featuredUntil).toISOString() : null },
        ]),
      );
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
      await versions.migrate();
    },
  };
}
