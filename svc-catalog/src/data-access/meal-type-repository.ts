import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';
import type { MealType } from '@mealprep/contracts';

const mealTypeSchema = new Schema(
  {
    slug: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
  },
  { collection: 'meal_types', versionKey: false },
);

export type MealTypeRepository = ReturnType<typeof mealTypeRepository>;

type NewMealType = Omit<MealType, 'id'>;

export function mealTypeRepository(connection: Connection) {
  const Model = modelOn(connection, 'MealType', mealTypeSchema);
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
    async insertMany(mealTypes: NewMealType[]): Promise<number> {
      const docs = await Model.insertMany(mealTypes, { ordered: false });
      return docs.length;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
