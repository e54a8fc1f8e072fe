// No zod here: the browser imports these through '@mealprep/contracts/browser'.

export const REMOTE_NAMES = ['public', 'dashboard', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/**
 * A server-rendered page carries the data it was rendered with (TanStack Query's dehydrated state,
 * as JSON) in this element, so the browser hydrates the page without asking for it again.
 */
export const QUERY_STATE_ELEMENT_ID = 'query-state';

/** The query parameter with which staff see the brand's draft on the real pages (`?brand-preview=draft`). */
export const BRAND_PREVIEW_PARAM = 'brand-preview';
