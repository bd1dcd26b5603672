import type { JobHandler, Periodic } from '../../jobs/runner.js';
import type { ModuleDeps } from '../../jobs/types.js';
import { DATA_CAP_EVERY_MS, DATA_CAP_JOB, enforceDataCaps } from './data-cap.js';
import { evaluateProbes, STRATEGY_EVALUATE_EVERY_MS, STRATEGY_EVALUATE_JOB } from './switching.js';

/**
 * `strategy.evaluate` counts the probes devices reported against their strategies and switches
 * cards; `dataCap.enforce` suspends devices at their cap and resumes them. Both are safe to run
 * in several processes at once.
 */
export const monitoringJobs = ({ database, provider }: ModuleDeps): { handlers: Record<string, JobHandler>; periodic: Periodic[] } => ({
  handlers: {
    [STRATEGY_EVALUATE_JOB]: async () => {
      await evaluateProbes(database, provider);
    },
    [DATA_CAP_JOB]: async () => {
      await enforceDataCaps(database, provider);
    },
  },
  periodic: [
    { name: STRATEGY_EVALUATE_JOB, everyMs: STRATEGY_EVALUATE_EVERY_MS },
    { name: DATA_CAP_JOB, everyMs: DATA_CAP_EVERY_MS },
  ],
});
