export { opsHandlers } from './handlers.js';
