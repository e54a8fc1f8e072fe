import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/** A bulk check (Check All, Check Unchecked Only, Re-check Selected): how many were queued, when. */
const runSchema = new Schema(
  {
    _id: { type: String, required: true },
    queued: { type: Number, default: 0 },
    startedAt: { type: Date, required: true },
    finishedAt: { type: Date, default: null },
  },
  { collection: 'check_runs', versionKey: false },
);

/**
 * One record per finished job of a run, keyed by the job id: inserting is atomic and a second
 * insert of the same job fails, so racing workers and redelivered jobs count once (a counter
 * updated with $inc lost increments under concurrency on FerretDB).
 */
const doneSchema = new Schema(
  {
    _id: { type: String, required: true },
    runId: { type: String, required: true, index: true },
  },
  { collection: 'check_run_jobs_done', versionKey: false },
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
  const Done = modelOn(connection, 'CheckRunJobDone', doneSchema);
  return {
    async start(id: string, queued: number, now: Date): Promise<void> {
      await Model.create({ _id: id, queued, startedAt: now, finishedAt: queued === 0 ? now : null });
    },
    /** A job of the run is done; the same job again changes nothing. */
    async markDone(runId: string, jobId: string): Promise<void> {
      try {
        await Done.create({ _id: jobId, runId });
      } catch (err) {
        if ((err as { code?: unknown }).code !== 11000) throw err;
      }
    },
    /**
     * The latest run with its progress; it is finished once every job is done. Then its records of
     * finished jobs are removed (in the background), so counting stays a count of one run's jobs.
     */
    async latest(now: Date): Promise<CheckRun | null> {
      const run = await Model.findOne({}).sort({ startedAt: -1 }).lean();
      if (!run) return null;
      if (run.finishedAt) return { queued: run.queued, done: run.queued, startedAt: run.startedAt.toISOString(), finishedAt: run.finishedAt.toISOString() };
      const done = Math.min(run.queued, await Done.countDocuments({ runId: run._id }));
      let finishedAt: Date | null = null;
      if (done >= run.queued) {
        finishedAt = now;
        await Model.updateOne({ _id: run._id, finishedAt: null }, { $set: { finishedAt } });
        void Done.deleteMany({ runId: run._id }).catch(() => undefined);
      }
      return { queued: run.queued, done, startedAt: run.startedAt.toISOString(), finishedAt: finishedAt ? finishedAt.toISOString() : null };
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Model.init(), Done.init()]);
    },
  };
}
