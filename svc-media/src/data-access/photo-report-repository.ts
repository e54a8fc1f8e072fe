import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/** One person's report of one photo (`{photoId}:{userId}`: a person reports a photo once). */
const reportSchema = new Schema(
  {
    _id: { type: String, required: true },
    photoId: { type: String, required: true },
    userId: { type: String, required: true },
    reason: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'photo_reports', versionKey: false },
);

/** Staff's queue: one entry per reported photo until staff remove it or dismiss its reports. */
const queueSchema = new Schema(
  {
    _id: { type: String, required: true },
    listingId: { type: String, required: true },
    count: { type: Number, required: true },
    lastReason: { type: String, required: true },
    lastAt: { type: Date, required: true },
  },
  { collection: 'photo_report_queue', versionKey: false },
);

export interface ReportedPhoto {
  photoId: string;
  listingId: string;
  count: number;
  lastReason: string;
  lastAt: string;
}

/** Staff's queue shows at most this many reported photos, latest first. */
export const REPORT_QUEUE_PAGE = 100;

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

export type PhotoReportRepository = ReturnType<typeof photoReportRepository>;

/**
 * Reports of photos, by key: a person's report of a photo is written once (a second is the same
 * report), and the photo's entry in staff's queue counts them. The queue holds only photos with
 * open reports (its size is what staff have to look at, not the catalogue's).
 */
export function photoReportRepository(connection: Connection) {
  const Reports = modelOn(connection, 'PhotoReport', reportSchema);
  const Queue = modelOn(connection, 'PhotoReportQueue', queueSchema);
  return {
    /** True when this is the person's first report of the photo (then the queue counts it). */
    async report(report: { photoId: string; listingId: string; userId: string; reason: string; at: Date }): Promise<boolean> {
      try {
        await Reports.create({ _id: `${report.photoId}:${report.userId}`, photoId: report.photoId, userId: report.userId, reason: report.reason, at: report.at });
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
      await Queue.updateOne({ _id: report.photoId }, { $inc: { count: 1 }, $set: { lastReason: report.reason, lastAt: report.at }, $setOnInsert: { listingId: report.listingId } }, { upsert: true });
      return true;
    },
    async hasReported(photoId: string, userId: string): Promise<boolean> {
      return (await Reports.exists({ _id: `${photoId}:${userId}` })) !== null;
    },
    /** The queue, latest report first. */
    async queue(): Promise<ReportedPhoto[]> {
      const docs = await Queue.find().sort({ lastAt: -1 }).limit(REPORT_QUEUE_PAGE).lean();
      return docs.map((d) => ({ photoId: String(d._id), listingId: String(d.listingId), count: Number(d.count), lastReason: String(d.lastReason), lastAt: new Date(d.lastAt).toISOString() }));
    },
    /** Staff decided (removed the photo or dismissed its reports): it leaves the queue. */
    async close(photoId: string): Promise<void> {
      await Queue.deleteOne({ _id: photoId });
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Reports.init(), Queue.init()]);
    },
  };
}
