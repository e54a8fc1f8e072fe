// No zod here: the browser imports these through '@mealprep/contracts/browser'.
export const PRODUCT_NAME = 'Meal Prep Directory';
export const PRODUCT_SHORT_NAME = 'Meal Prep';
export const THEME_STORAGE_KEY = 'app:theme';
export const SERVICE_STATUSES = ['draft', 'pending', 'published', 'rejected', 'closed'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const SERVICE_GRID_PAGE_SIZE = 6;
export const MAX_IMAGE_BYTES = 10_485_760;
export const MAX_PAGE_SIZE = 60;
export const MAX_SEARCH_LENGTH = 100;
export const BLOG_LIST_LIMIT = 50;
