import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/**
 * How many images one user stored on one day (UTC): one counter per user and day, keyed by both,
 * so every instance counts in the same record and each change is one conditional write by _id.
 */
const quotaSchema = new Schema(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    day: { type: String, required: true },
  },
  { collection: 'upload_quotas', versionKey: false },
);

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

export type UploadQuotaRepository = ReturnType<typeof uploadQuotaRepository>;

export function uploadQuotaRepository(connection: Connection) {
  const Model = modelOn(connection, 'UploadQuota', quotaSchema);
  const keyOf = (userId: string, day: string) => `${day}:${userId}`;
  /** One more, only while under `max`: false when the user's day is used up. */
  const increment = async (userId: string, day: string, max: number, upsert: boolean): Promise<boolean> => {
    const result = await Model.updateOne({ _id: keyOf(userId, day), count: { $lt: max } }, { $inc: { count: 1 }, $setOnInsert: { day } }, { upsert });
    return result.modifiedCount + result.upsertedCount > 0;
  };
  return {
    /**
     * Takes one of the user's `max` uploads of `day`. The count is raised in the database only
     * while it is under `max`, so any number of racing requests on any number of instances never
     * take more. Returns false when the day's uploads are used up.
     */
    async take(userId: string, day: string, max: number): Promise<boolean> {
      try {
        return await increment(userId, day, max, true);
      } catch (err) {
        // The record exists and is full, or a racing first upload of the day made it meanwhile: ask again without inserting.
        if (isDuplicateKey(err)) return increment(userId, day, max, false);
        throw err;
      }
    },
    /**
     * Gives one back: the upload it was taken for stored nothing. The last one removes the record,
     * so a refused first upload of the day leaves the database as it found it.
     */
    async giveBack(userId: string, day: string): Promise<void> {
      const _id = keyOf(userId, day);
      if ((await Model.deleteOne({ _id, count: 1 })).deletedCount > 0) return;
      await Model.updateOne({ _id, count: { $gt: 1 } }, { $inc: { count: -1 } });
    },
    async used(userId: string, day: string): Promise<number> {
      const doc = await Model.findById(keyOf(userId, day)).lean();
      return doc ? Number(doc.count) : 0;
    },
    /** Removes the counters of days before `day` (YYYY-MM-DD); nothing reads them again. */
    async pruneBefore(day: string): Promise<number> {
      return (await Model.deleteMany({ day: { $lt: day } })).deletedCount;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
