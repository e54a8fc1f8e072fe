// Zod-free constants first: the same modules '@mealprep/contracts/browser' exposes to the front end.
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
// Schemas (zod): servers only. Front-end code imports their types with `import type`.
export * from './auth';
export * from './errors';
export * from './events';
export * from './geo-region';
export * from './identity';
export * from './meal-type';
export * from './runtime-config';
export * from './blog-post';
export * from './live';
export * from './media';
export * from './service';
export * from './near';
export * from './owner-service';
export * from './website-check';
export * from './page-meta';
