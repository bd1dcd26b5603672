export { usageJobs } from './jobs.js';
export { maintainPartitions } from './partitions.js';
export { ROLLUP, rollup, usageWindows } from './rollup.js';
