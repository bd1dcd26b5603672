import type { JobHandler, Periodic } from '../../jobs/runner.js';
import type { ModuleDeps } from '../../jobs/types.js';
import { processExpiries } from './renewal.js';

export const AUTO_RENEW_JOB = 'license.expiries';

/** Jobs of the License module: auto-renewal and expiry of devices, every 5 minutes. */
export function licenseJobs(deps: ModuleDeps): { handlers: Record<string, JobHandler>; periodic: Periodic[] } {
  return {
    handlers: {
      [AUTO_RENEW_JOB]: async () => {
        await processExpiries(deps.database, deps.provider);
      },
    },
    periodic: [{ name: AUTO_RENEW_JOB, everyMs: 5 * 60_000 }],
  };
}
