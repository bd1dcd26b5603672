export { findDevice } from './common.js';
export { deviceHandlers } from './handlers.js';
export { deviceOperations } from './operations.js';
