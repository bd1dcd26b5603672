/* The platform settings area: the support contact (schemas and endpoints; browser-safe values in ./constants.ts). */
export * from './endpoints.js';
export * from './schemas.js';
