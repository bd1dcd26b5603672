export { DATA_CAP_JOB, enforceDataCaps } from './data-cap.js';
export { monitoringHandlers } from './handlers.js';
export { monitoringJobs } from './jobs.js';
export { evaluateProbes, judge, STRATEGY_EVALUATE_JOB } from './switching.js';
