export { feedbackHandlers } from './handlers.js';
