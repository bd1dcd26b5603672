import type { JobHandler, Periodic } from '../../jobs/runner.js';
import type { ModuleDeps } from '../../jobs/registry.js';

/** Jobs of the network module: command completion, report roll-ups, the simulated fleet. */
export function networkJobs(_deps: ModuleDeps): { handlers: Record<string, JobHandler>; periodic: Periodic[] } {
  return { handlers: {}, periodic: [] };
}
