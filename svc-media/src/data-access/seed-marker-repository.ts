import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

const seedMarkerSchema = new Schema({ _id: { type: String, required: true }, at: { type: Date, required: true } }, { collection: 'seed_markers', versionKey: false });

export type SeedMarkerRepository = ReturnType<typeof seedMarkerRepository>;

/**
 * Remembers which demo sets were seeded, so a start after an admin deleted a demo banner does not
 * bring it back.
 */
export function seedMarkerRepository(connection: Connection) {
  const Model = modelOn(connection, 'SeedMarker', seedMarkerSchema);
  return {
    async has(name: string): Promise<boolean> {
      return (await Model.exists({ _id: name })) !== null;
    },
    async mark(name: string): Promise<void> {
      await Model.updateOne({ _id: name }, { $setOnInsert: { at: new Date() } }, { upsert: true });
    },
  };
}
