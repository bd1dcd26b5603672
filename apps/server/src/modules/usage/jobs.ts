import type { JobHandler, Periodic } from '../../jobs/runner.js';
import type { ModuleDeps } from '../../jobs/types.js';
import { maintainPartitions, PARTITIONS } from './partitions.js';
import { ROLLUP, rollup } from './rollup.js';

/**
 * Jobs of the usage module: the roll-up of raw reports and the monthly partitions. Their names
 * keep the `network.` prefix they were queued under, since they are rows of the jobs table.
 */
export function usageJobs(deps: Pick<ModuleDeps, 'database' | 'rawReportRetentionDays'>): { handlers: Record<string, JobHandler>; periodic: Periodic[] } {
  const { database } = deps;
  return {
    handlers: {
      'network.rollup': async () => {
        await rollup(database, { keepDays: deps.rawReportRetentionDays });
      },
      'network.partitions': async () => {
        await maintainPartitions(database, { rawRetentionDays: deps.rawReportRetentionDays ?? ROLLUP.keepDays });
      },
    },
    periodic: [
      { name: 'network.rollup', everyMs: ROLLUP.everyMs },
      { name: 'network.partitions', everyMs: PARTITIONS.everyMs },
    ],
  };
}
