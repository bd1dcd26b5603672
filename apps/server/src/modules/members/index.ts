export { memberHandlers } from './handlers.js';
