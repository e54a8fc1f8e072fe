// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** What changed, as the gateway tells open pages over /api/live; pages refetch matching queries. */
export const LIVE_TOPICS = ['services', 'regions', 'meal-types', 'articles', 'banners', 'leads'] as const;
export const LIVE_EVENT_NAME = 'invalidate';
export const LIVE_PATH = '/api/live';
