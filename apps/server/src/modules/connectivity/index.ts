export * from './connector.js';
export { connectorOpener } from './opener.js';
export { connectorFor } from './registry.js';
export { AccountRouter } from './router.js';
export * from './sync/index.js';
