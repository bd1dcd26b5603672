export { BILL_CLOSE_JOB, type CloseMonthResult, closeBill, closeMonth } from './close.js';
export { type BillingDeps, billingHandlers } from './handlers.js';
export { billingJobs } from './jobs.js';
