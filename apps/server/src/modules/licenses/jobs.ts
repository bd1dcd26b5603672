import type { JobHandler, Periodic } from '../../jobs/runner.js';
import type { ModuleDeps } from '../../jobs/registry.js';

/** Jobs of the License module: auto-renewal and expiry of devices. */
export function licenseJobs(_deps: ModuleDeps): { handlers: Record<string, JobHandler>; periodic: Periodic[] } {
  return { handlers: {}, periodic: [] };
}
