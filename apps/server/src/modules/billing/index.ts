export { type BillingDeps, billingHandlers } from './handlers.js';
export { billingJobs } from './jobs.js';
