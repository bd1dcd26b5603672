export * from './endpoints.js';
export * from './kinds.js';
export * from './limits.js';
export * from './schemas.js';
