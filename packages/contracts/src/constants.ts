// No zod here: the browser imports these through '@mealprep/contracts/browser'.
export const THEME_STORAGE_KEY = 'app:theme';
export const SERVICE_STATUSES = ['draft', 'pending', 'published', 'rejected', 'closed'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const SERVICE_GRID_PAGE_SIZE = 6;
export const MAX_IMAGE_BYTES = 10_485_760;
export const MAX_PAGE_SIZE = 60;
export const MAX_SEARCH_LENGTH = 100;
export const BLOG_LIST_LIMIT = 50;
/** The largest CSV an import takes. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** The services CSV's columns (spec §7); Name is the one that must be there. */
export const SERVICE_CSV_COLUMNS = [
  'Name',
  'Slug',
  'Tagline',
  'Meal Types',
  'City',
  'State',
  'Home Delivery',
  'Shipping',
  'Website',
  'Image Link Full',
  'Profile Page Image Link',
  'Place Longitude',
  'Place Latitude',
] as const;
/**
 * The services CSV's optional columns of the facts of an offer (all or some; empty cells say
 * nothing): "$9.50" prices, subscription / one-off / both, yes / no, "Mon, Thu",
 * "Thursday 6 pm", a number of meals, allergens ("gluten-free, nut-free"), a web address. A file
 * without any of them leaves each listing's offer as it is.
 */
export const SERVICE_CSV_OFFER_COLUMNS = [
  'Price Per Meal Low',
  'Price Per Meal High',
  'Plans',
  'Pause Any Time',
  'Delivery Days',
  'Order Cutoff',
  'Minimum Order',
  'Allergen Friendly',
  'Menu Link',
] as const;
export interface ImportResult {
  imported: number;
  skipped: number;
  /** Rows already in the catalogue exactly as the file has them. */
  unchanged: number;
  /** Why each skipped row was skipped (the first 1,000), with its line in the file. */
  skippedRows: Array<{ line: number; name: string; reason: string }>;
}
