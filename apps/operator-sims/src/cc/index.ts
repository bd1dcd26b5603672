export { type CcSimulator, type CcSimulatorOptions, DEFAULT_CC_API_KEY, DEFAULT_CC_USERNAME, startCcSimulator } from './simulator.js';
export { CC_STATUSES, type CcStatus, carriesTraffic } from './statuses.js';
