import { slugify } from '@mealprep/contracts';

const ENTRIES: Array<[name: string, description: string]> = [
  ['Keto', 'High-fat, very low-carb meals built around ketogenic macros.'],
  ['Paleo', 'Whole foods without grains, legumes, dairy or refined sugar.'],
  ['Vegan', 'Entirely plant-based meals with no animal products.'],
  ['Vegetarian', 'Meat-free meals that may include eggs and dairy.'],
  ['Gluten-Free', 'Meals prepared without wheat, barley, rye or other gluten sources.'],
  ['High Protein', 'Protein-forward meals for training, recovery and satiety.'],
  ['Low Carb', 'Reduced-carbohydrate meals without going fully keto.'],
  ['Whole30', 'Compliant meals for the 30-day whole-food reset.'],
  ['Mediterranean', 'Olive oil, fish, vegetables, legumes and whole grains.'],
  ['Dairy-Free', 'Meals made without milk, cheese, butter or other dairy.'],
  ['Family Meals', 'Larger portions and kid-friendly dishes for the whole household.'],
  ['Weight Loss', 'Calorie-controlled, portioned meals that support a weight-loss plan.'],
];

/** The meal types a new catalogue starts with. */
export const MEAL_TYPE_SEED = ENTRIES.map(([name, description]) => ({ slug: slugify(name), name, description }));
