import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/** A bulk check (Check All, Check Unchecked Only, Re-check Selected): how many were queued, how many are done. */
const runSchema = new Schema(
  {
    _id: { type: String, required: true },
    queued: { type: Number, default: 0 },
    done: { type: Number, default: 0 },
    startedAt: { type: Date, required: true },
    finishedAt: { type: Date, default: null },
  },
  { collection: 'check_runs', versionKey: false },
);

export interface CheckRun {
  queued: number;
  done: number;
  startedAt: string;
  finishedAt: string | null;
}

export type CheckRunRepository = ReturnType<typeof checkRunRepository>;

export function checkRunRepository(connection: Connection) {
  const Model = modelOn(connection, 'CheckRun', runSchema);
  return {
    async start(id: string, queued: number, now: Date): Promise<void> {
      await Model.create({ _id: id, queued, startedAt: now, finishedAt: queued === 0 ? now : null });
    },
    /** One more job of the run is done; the run is finished when all are. */
    async countDone(id: string, now: Date): Promise<void> {
      const run = await Model.findOneAndUpdate({ _id: id }, { $inc: { done: 1 } }, { returnDocument: 'after' }).lean();
      if (run && run.done >= run.queued && !run.finishedAt) await Model.updateOne({ _id: id, finishedAt: null }, { $set: { finishedAt: now } });
    },
    async latest(): Promise<CheckRun | null> {
      const run = await Model.findOne({}).sort({ startedAt: -1 }).lean();
      return run ? { queued: run.queued, done: run.done, startedAt: run.startedAt.toISOString(), finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null } : null;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
