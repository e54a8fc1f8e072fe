import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/**
 * Who has been counted as a reader of which article on which day: one record per article, day
 * and visitor (a salted hash, never an address), keyed by all three so that counting twice is a
 * duplicate key. Kept two days, then pruned.
 */
const viewSchema = new Schema(
  {
    _id: { type: String, required: true },
    at: { type: Date, required: true, index: true },
  },
  { collection: 'article_views', versionKey: false },
);

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

export type ArticleViewRepository = ReturnType<typeof articleViewRepository>;

export function articleViewRepository(connection: Connection) {
  const Model = modelOn(connection, 'ArticleView', viewSchema);
  return {
    /** Records a reader of an article on a day; false when they were counted already. */
    async record(key: string, at: Date): Promise<boolean> {
      try {
        await Model.create({ _id: key, at });
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    },
    async pruneBefore(before: Date): Promise<number> {
      return (await Model.deleteMany({ at: { $lt: before } })).deletedCount;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
