import { z } from 'zod';

export const MealTypeSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
});
export type MealType = z.infer<typeof MealTypeSchema>;

export const MealTypeListSchema = z.object({ items: z.array(MealTypeSchema) });
export type MealTypeList = z.infer<typeof MealTypeListSchema>;
