export { usageJobs } from './jobs.js';
export { rollup, usageWindows } from './rollup.js';
