export { listReconcile } from './list.js';
export { resolveReconcile } from './resolve.js';
export { PLATFORM_STATUS_STATES, suspendedFor } from './states.js';
