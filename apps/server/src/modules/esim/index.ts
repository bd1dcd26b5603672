export { esimHandlers } from './handlers.js';
