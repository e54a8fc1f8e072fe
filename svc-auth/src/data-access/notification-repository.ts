import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/** One record per event acted on, so a redelivered event never sends a second mail. */
const notificationSchema = new Schema({ _id: { type: String, required: true }, at: { type: Date, required: true } }, { collection: 'notifications_sent', versionKey: false });

export type NotificationRepository = ReturnType<typeof notificationRepository>;

export function notificationRepository(connection: Connection) {
  const Model = modelOn(connection, 'NotificationSent', notificationSchema);
  return {
    /** True the first time an event id is claimed. */
    async claim(eventId: string, at: Date): Promise<boolean> {
      try {
        await Model.create({ _id: eventId, at });
        return true;
      } catch (err) {
        if ((err as { code?: unknown }).code === 11000) return false;
        throw err;
      }
    },
    /** When a key was claimed, or null when it is not (or was given back). */
    async claimedAt(key: string): Promise<Date | null> {
      const doc = await Model.findById(key).lean();
      return doc ? doc.at : null;
    },
    /** Whether a key was claimed (and not given back). */
    async has(key: string): Promise<boolean> {
      return (await Model.exists({ _id: key })) !== null;
    },
    async release(eventId: string): Promise<void> {
      await Model.deleteOne({ _id: eventId });
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
