export * from './api.js';
export * from './errors.js';
export * from './limits.js';
export * from './locale.js';
export * from './password.js';
export * from './permissions.js';
export * from './routes.js';
export * from './signing.js';
