export * from './connector.js';
export { connectorFor } from './registry.js';
export { queueSync } from './sync/queue.js';
