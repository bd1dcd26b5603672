export { acHandlers } from './handlers.js';
