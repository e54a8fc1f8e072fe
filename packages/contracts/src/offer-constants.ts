// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** The days of the week, as a listing's delivery days and order cutoff name them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** How a service sells its meals: a weekly subscription, one-off orders, or either. */
export const PLAN_KINDS = ['subscription', 'one-off', 'both'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export const PLAN_KIND_LABELS: Record<PlanKind, string> = { subscription: 'Weekly subscription', 'one-off': 'One-off orders', both: 'Weekly subscription or one-off orders' };

/** The allergens a service may say it has meals free of. */
export const ALLERGEN_FRIENDLY_OPTIONS = ['gluten-free', 'dairy-free', 'nut-free', 'soy-free', 'egg-free', 'shellfish-free'] as const;
export type AllergenFriendly = (typeof ALLERGEN_FRIENDLY_OPTIONS)[number];
export const ALLERGEN_FRIENDLY_LABELS: Record<AllergenFriendly, string> = {
  'gluten-free': 'Gluten-free',
  'dairy-free': 'Dairy-free',
  'nut-free': 'Nut-free',
  'soy-free': 'Soy-free',
  'egg-free': 'Egg-free',
  'shellfish-free': 'Shellfish-free',
};

/** The highest price per meal a listing may give (USD), and the largest minimum order (meals). */
export const MAX_PRICE_PER_MEAL = 500;
export const MAX_MINIMUM_ORDER_MEALS = 100;

/** "6 pm", "noon", "midnight": an hour of the day (0–23) as pages and forms show it. */
export function formatHour(hour: number): string {
  return hour === 0 ? 'midnight' : hour === 12 ? 'noon' : `${hour % 12} ${hour < 12 ? 'am' : 'pm'}`;
}

/** "Sunday, 6 pm": an order cutoff as pages show it (hour 0–23, the service's local time). */
export function formatCutoff({ day, hour }: { day: Weekday; hour: number }): string {
  return `${WEEKDAY_NAMES[day]}, ${formatHour(hour)}`;
}
