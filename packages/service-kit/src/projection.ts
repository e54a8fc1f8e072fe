import { DELETED_VERSION } from '@mealprep/contracts';
import type { Model } from 'mongoose';

/** The status a projection gives a service that was deleted (a tombstone, so nothing late brings it back). */
export const DELETED_STATUS = 'deleted';

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

/**
 * The writes of a projection of svc-catalog's services (svc-checker's, svc-media's): documents
 * keyed by the service's id holding what the service kept of it, the version svc-catalog gave that
 * state, and when this copy last wrote it. A state is written only when it is newer than the one
 * held, whatever order the events come in; a deleted service stays as a tombstone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any projected model: only its version field is read here
export function versionedProjection(Model: Model<any>) {
  /** The filter matches an older version; when none does (a newer one is there), the upsert's insert meets the existing _id. */
  const applyIfNewer = async (id: string, version: number, fields: Record<string, unknown>): Promise<boolean> => {
    try {
      const result = await Model.updateOne({ _id: id, version: { $lt: version } }, { $set: { ...fields, version, syncedAt: new Date() } }, { upsert: true });
      return result.modifiedCount + result.upsertedCount > 0;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  };
  return {
    /** Records a state of a service unless a newer one is held; true when it was written. */
    apply: applyIfNewer,
    /** A deleted service becomes a tombstone that no later event can undo. */
    async markDeleted(id: string): Promise<void> {
      await applyIfNewer(id, DELETED_VERSION, { status: DELETED_STATUS });
    },
    /**
     * Brings the copy in step with svc-catalog's whole list (asked for at `askedAt`): newer states
     * are written, and services svc-catalog no longer has become tombstones, unless this copy
     * heard of them after it asked.
     */
    async sync(services: Array<{ id: string; version: number; fields: Record<string, unknown> }>, askedAt: Date): Promise<{ written: number; removed: number }> {
      const held = new Map(
        (await Model.find({}, { version: 1, status: 1, syncedAt: 1 }).lean<Array<{ _id: string; version?: number; status?: string; syncedAt?: Date | null }>>()).map((d) => [String(d._id), d]),
      );
      let written = 0;
      for (const { id, version, fields } of services) {
        if ((held.get(id)?.version ?? -1) >= version) continue;
        if (await applyIfNewer(id, version, fields)) written += 1;
      }
      const listed = new Set(services.map((s) => s.id));
      let removed = 0;
      for (const [id, doc] of held) {
        if (listed.has(id) || doc.status === DELETED_STATUS || (doc.syncedAt && doc.syncedAt > askedAt)) continue;
        await applyIfNewer(id, DELETED_VERSION, { status: DELETED_STATUS });
        removed += 1;
      }
      return { written, removed };
    },
    /** Entries written before versions existed count as the oldest. */
    async migrate(): Promise<void> {
      await Model.updateMany({ version: { $exists: false } }, { $set: { version: 0 } });
    },
  };
}
