export { reportHandlers } from './handlers.js';
export { REPORT_SUBSCRIPTIONS_JOB, reportAttachments, reportJobs, sendDueSubscriptions } from './jobs.js';
export { nextRunAt } from './schedule.js';
export { reportWindow } from './window.js';
