import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/** One sign-in e-mail sent, under each key it counts against (the address, the client address). */
const sendSchema = new Schema(
  {
    key: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'login_mail_sends', versionKey: false },
);
sendSchema.index({ key: 1, at: 1 });

export type SendLogRepository = ReturnType<typeof sendLogRepository>;

export function sendLogRepository(connection: Connection) {
  const Sends = modelOn(connection, 'LoginMailSend', sendSchema);
  return {
    /**
     * Takes a slot under `key` if fewer than `max` were taken since `since`: records first, then
     * counts, and gives the slot back when over, so racing requests can never exceed the limit.
     * Returns the time the oldest slot frees up when refused.
     */
    async take(key: string, max: number, since: Date, now: Date): Promise<{ ok: true } | { ok: false; oldest: Date }> {
      const mine = await Sends.create({ key, at: now });
      const count = await Sends.countDocuments({ key, at: { $gte: since } });
      if (count <= max) return { ok: true };
      await Sends.deleteOne({ _id: mine._id });
      const oldest = await Sends.findOne({ key, at: { $gte: since } })
        .sort({ at: 1 })
        .lean();
      return { ok: false, oldest: oldest?.at ?? now };
    },
    async release(key: string, at: Date): Promise<void> {
      await Sends.deleteOne({ key, at });
    },
    async deleteBefore(before: Date): Promise<void> {
      await Sends.deleteMany({ at: { $lt: before } });
    },
    async ensureIndexes(): Promise<void> {
      await Sends.init();
    },
  };
}
