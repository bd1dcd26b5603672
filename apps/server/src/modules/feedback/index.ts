export { feedbackHandlers, feedbackOpsHandlers } from './handlers.js';
