export { ALARM_EVALUATE_JOB, type EvaluateResult, evaluateAlarms } from './evaluate.js';
export { type AlarmDeps, alarmHandlers } from './handlers.js';
export { alarmJobs } from './jobs.js';
export { alarmFigures } from './list.js';
