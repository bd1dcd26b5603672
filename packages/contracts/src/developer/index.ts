export * from './constants.js';
export * from './endpoints.js';
export * from './schemas.js';
