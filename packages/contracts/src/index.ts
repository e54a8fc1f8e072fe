export * from './constants';
export * from './errors';
export * from './events';
export * from './geo-region';
export * from './identity';
export * from './meal-type';
export * from './runtime-config';
