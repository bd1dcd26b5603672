export { findDevice } from './common.js';
export { deviceHandlers } from './handlers.js';
