export { atCardHandlers } from './handlers.js';
