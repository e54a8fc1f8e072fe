/**
 * The browser's entry: constants and small functions only, no zod. Front-end code imports runtime
 * values from here and types (`import type`) from '@mealprep/contracts'; validation stays on the
 * servers, which import everything from the index.
 */
export * from './constants';
export * from './auth-constants';
export * from './owner-constants';
export * from './identity-constants';
export * from './live-constants';
export * from './media-constants';
export * from './checker-constants';
export * from './runtime-config-constants';
export * from './slug';
export * from './near-constants';
export * from './offer-constants';
export * from './price';
export * from './claim-constants';
export * from './review-constants';
export * from './lead-constants';
export * from './photo-constants';
export * from './filter-constants';
export * from './compare-constants';
export * from './insight-constants';
export * from './contrast';
export * from './brand-style';
export * from './brand-images';
export * from './page-meta';
export * from './route-manifest';
