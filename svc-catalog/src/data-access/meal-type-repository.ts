import { Schema, type Connection } from 'mongoose';
import { carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';
import type { EventEnvelope, MealType } from '@mealprep/contracts';

const mealTypeSchema = new Schema(
  {
    slug: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
  },
  { collection: 'meal_types', versionKey: false },
);
mealTypeSchema.plugin(carriesEvents);

export type MealTypeRepository = ReturnType<typeof mealTypeRepository>;

type NewMealType = Omit<MealType, 'id'>;

export function mealTypeRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'MealType', mealTypeSchema);
  const carrier = outbox.carrier(Model);
  const toPlain = (doc: Record<string, unknown>): MealType => ({
    id: String(doc._id),
    slug: String(doc.slug),
    name: String(doc.name),
    description: String(doc.description ?? ''),
  });
  return {
    async list(): Promise<MealType[]> {
      const docs = await Model.find().sort({ name: 1 }).lean();
      return docs.map(toPlain);
    },
    async findBySlug(slug: string): Promise<MealType | null> {
      const doc = await Model.findOne({ slug }).lean();
      return doc ? toPlain(doc) : null;
    },
    async count(): Promise<number> {
      return Model.estimatedDocumentCount();
    },
    /** Inserts meal types, the last carrying what it announces (given how many); returns how many went in. */
    async insertMany(mealTypes: NewMealType[], announce: (count: number) => EventEnvelope[]): Promise<number> {
      return carrier.insertMany(mealTypes, announce(mealTypes.length));
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
