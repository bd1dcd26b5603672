export { deviceHandlers } from './handlers.js';
